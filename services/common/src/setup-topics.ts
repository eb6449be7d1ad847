/**
 * Entry run by the chart's setup Job before every install and upgrade: creates the platform's
 * Kafka topics (producers never auto-create them) with the partitions, replication factor and
 * retention from the chart's values, then exits (docs/chart.md).
 */
import { loadTopicsConfig } from './config.ts';
import { createKafka, topics } from './kafka.ts';
import { createLogger } from './logger.ts';
import { ensureTopics } from './topics.ts';

const config = loadTopicsConfig();
const log = createLogger('topics-setup', config.LOG_LEVEL);
const common = {
  replicationFactor: config.KAFKA_TOPIC_REPLICATION_FACTOR,
  retentionMs: config.KAFKA_TOPIC_RETENTION_MS,
};
try {
  await ensureTopics(
    createKafka('topics-setup', config.KAFKA_BROKERS, log),
    [
      { topic: topics.invoiceLifecycle, partitions: config.KAFKA_INVOICE_LIFECYCLE_PARTITIONS, ...common },
      { topic: topics.workspace, partitions: config.KAFKA_WORKSPACE_PARTITIONS, ...common },
      { topic: topics.recurring, partitions: config.KAFKA_RECURRING_PARTITIONS, ...common },
    ],
    log,
  );
  log.info({ topics: Object.values(topics) }, 'topics ready');
} catch (err) {
  log.error({ err }, 'topic setup failed');
  process.exitCode = 1;
}
// The telemetry preload's metrics server would keep the process alive; a setup step ends here.
process.exit();
