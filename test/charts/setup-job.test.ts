import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import kafkajs from 'kafkajs';
import type { Connection } from 'mongoose';
import { createKafka, topics } from '@invoice-platform/common/kafka';
import { createLogger } from '@invoice-platform/common/logger';
import { connectMongo } from '@invoice-platform/common/mongo';
import { ensureTopics } from '@invoice-platform/common/topics';
import { registerModels as accountsModels } from '../../services/accounts/src/store/models.ts';
import { registerModels as invoiceModels } from '../../services/invoice/src/store/models.ts';
import { registerModels as paymentModels } from '../../services/payment/src/store/models.ts';
import { registerModels as pdfModels } from '../../services/pdf/src/store/models.ts';
import { registerModels as recurringModels } from '../../services/recurring/src/store/models.ts';
import { registerModels as webhookModels } from '../../services/webhook/src/store/models.ts';
import { repoRoot, stackEnv } from '../support/platform.ts';

// The entries the chart's setup Job runs (templates/setup-job.yaml), run here as the Job runs them:
// a process each, against the local stack, into databases and topics of this test's own.
const run = promisify(execFile);
const stack = stackEnv();
const log = createLogger('setup-test', process.env.TEST_LOG_LEVEL ?? 'silent');
const unique = `${process.pid}_${Date.now().toString(36)}`;

type Indexed = { diffIndexes(): Promise<{ toCreate: unknown[] }>; modelName: string };
const services: Record<string, (conn: Connection) => Record<string, Indexed>> = {
  accounts: accountsModels,
  invoice: invoiceModels,
  recurring: recurringModels,
  pdf: pdfModels,
  webhook: webhookModels,
  payment: paymentModels,
};

async function runEntry(entry: string, env: Record<string, string>) {
  return run(process.execPath, [path.join(repoRoot, entry)], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
  });
}

/** The declared indexes a database lacks, per model. */
async function missingIndexes(models: Record<string, Indexed>): Promise<string[]> {
  const missing: string[] = [];
  for (const m of Object.values(models)) {
    const { toCreate } = await m.diffIndexes();
    if (toCreate.length > 0) missing.push(`${m.modelName}: ${JSON.stringify(toCreate)}`);
  }
  return missing;
}

for (const [service, register] of Object.entries(services)) {
  test(`${service}: src/setup.ts builds every index its models declare, then exits 0`, async (t) => {
    const dbName = `setup_${service}_${unique}`;
    const conn = await connectMongo(stack.MONGODB_URI!, dbName, log);
    t.teardown(async () => {
      await conn.dropDatabase().catch(() => undefined);
      await conn.close();
    });
    const models = register(conn);
    // Before: a fresh database lacks them, so the comparison below can tell.
    t.not((await missingIndexes(models)).length, 0);

    const { stdout } = await runEntry(`services/${service}/src/setup.ts`, {
      MONGODB_URI: stack.MONGODB_URI!,
      [`${service.toUpperCase()}_DB_NAME`]: dbName,
    });
    t.regex(stdout, /"msg":"indexes ready"/);
    t.deepEqual(await missingIndexes(models), []);
    if (service === 'pdf') {
      const indexes = await conn.db!.collection('pdf_files.files').indexes();
      t.true(
        indexes.some((i) => 'metadata.invoice_id' in i.key),
        'the file store index over GridFS metadata',
      );
    }
    // Run again (every upgrade does): nothing to do, still a success.
    await t.notThrowsAsync(
      runEntry(`services/${service}/src/setup.ts`, { MONGODB_URI: stack.MONGODB_URI!, [`${service.toUpperCase()}_DB_NAME`]: dbName }),
    );
  });
}

test('an index setup that cannot reach its database exits non-zero, so the Job fails the release', async (t) => {
  const err = await t.throwsAsync(
    runEntry('services/accounts/src/setup.ts', { MONGODB_URI: 'mongodb://127.0.0.1:1', ACCOUNTS_DB_NAME: 'unreachable' }),
  );
  t.is((err as { code?: number }).code, 1);
});

test('ensureTopics creates topics with the partitions and retention asked, raises partitions later, and leaves the rest', async (t) => {
  const kafka = createKafka('setup-test', stack.KAFKA_BROKERS!, log);
  const a = `setup-test.a.${unique}`;
  const b = `setup-test.b.${unique}`;
  const admin = kafka.admin();
  await admin.connect();
  t.teardown(async () => {
    await admin.deleteTopics({ topics: [a, b] }).catch(() => undefined);
    await admin.disconnect();
  });
  const partitions = async (topic: string) =>
    (await admin.fetchTopicMetadata({ topics: [topic] })).topics[0]!.partitions.length;
  const retention = async (topic: string) => {
    const { resources } = await admin.describeConfigs({
      includeSynonyms: false,
      resources: [{ type: kafkajs.ConfigResourceTypes.TOPIC, name: topic, configNames: ['retention.ms'] }],
    });
    return resources[0]!.configEntries.find((e) => e.configName === 'retention.ms')?.configValue;
  };

  await ensureTopics(
    kafka,
    [
      { topic: a, partitions: 2, replicationFactor: 1, retentionMs: 3_600_000 },
      { topic: b, partitions: 1, replicationFactor: 1 },
    ],
    log,
  );
  t.is(await partitions(a), 2);
  t.is(await partitions(b), 1);
  t.is(await retention(a), '3600000');

  await ensureTopics(kafka, [{ topic: a, partitions: 4, replicationFactor: 1, retentionMs: 7_200_000 }], log);
  t.is(await partitions(a), 4);
  t.is(await retention(a), '7200000');
  // Fewer partitions than the topic has: Kafka cannot remove them, so the topic stays as it is.
  await ensureTopics(kafka, [{ topic: a, partitions: 1, replicationFactor: 1, retentionMs: 7_200_000 }], log);
  t.is(await partitions(a), 4);
});

test('setup-topics.ts ensures the platform topics on the running Kafka and exits 0', async (t) => {
  // The stack's own topics already exist with these partition counts, so this run changes nothing
  // (recurring.v1 is made here on a stack started before it existed).
  const { stdout } = await runEntry('services/common/src/setup-topics.ts', {
    KAFKA_BROKERS: stack.KAFKA_BROKERS!,
    KAFKA_INVOICE_LIFECYCLE_PARTITIONS: '6',
    KAFKA_WORKSPACE_PARTITIONS: '6',
    KAFKA_RECURRING_PARTITIONS: '6',
  });
  t.regex(stdout, /"msg":"topics ready"/);
  const admin = createKafka('setup-test', stack.KAFKA_BROKERS!, log).admin();
  await admin.connect();
  t.teardown(() => admin.disconnect());
  const listed = await admin.listTopics();
  t.true(listed.includes(topics.invoiceLifecycle));
  t.true(listed.includes(topics.workspace));
  t.true(listed.includes(topics.recurring));
});
