/* eslint-disable @typescript-eslint/no-explicit-any -- manifests are read field by field. */
import path from 'node:path';
import test from 'ava';
import { balancingViolations, credentialsOf, credentialViolations, policyViolations, readsByEntry } from './policy.ts';
import { ciValues, containersOf, type Manifest, render } from './render.ts';

const broken = path.join(import.meta.dirname, 'fixtures/broken-values.yaml');
const pods = (ms: Manifest[]) => ms.filter((m) => m.kind === 'Deployment' || m.kind === 'Job');

for (const values of ciValues) {
  test(`policy: ${path.basename(values)} complies`, async (t) => {
    t.deepEqual(policyViolations(await render({ values: [values] })), []);
  });

  test(`least privilege: with ${path.basename(values)} every container gets exactly the credentials and Kafka settings its code reads`, async (t) => {
    const ms = await render({ values: [values] });
    const configMaps = new Map(ms.filter((m) => m.kind === 'ConfigMap').map((m) => [m.metadata.name, m.data ?? {}]));
    let checked = 0;
    for (const m of pods(ms)) {
      for (const c of containersOf(m)) {
        const entry: string = c.args[0];
        const reads = readsByEntry.get(entry)!;
        t.truthy(reads, entry);
        const fromSecrets = (c.env ?? []).filter((e: any) => e.valueFrom?.secretKeyRef).map((e: any) => e.name).sort();
        t.deepEqual(fromSecrets, credentialsOf(entry), `${m.metadata.name} ${c.name}`);
        const settings: Record<string, string> = Object.assign(
          {},
          ...(c.envFrom ?? []).map((f: any) => configMaps.get(f.configMapRef?.name) ?? {}),
          Object.fromEntries((c.env ?? []).filter((e: any) => 'value' in e).map((e: any) => [e.name, e.value])),
        );
        t.is('KAFKA_BROKERS' in settings, reads.has('KAFKA_BROKERS'), `${m.metadata.name} ${c.name}: KAFKA_BROKERS`);
        checked++;
      }
    }
    // Seven services, six index steps and the topics step.
    t.is(checked, 7 + 6 + 1);
  });
}

test('the table of what each entry reads comes from the config schemas', (t) => {
  t.deepEqual(credentialsOf('services/gateway/src/main.ts'), ['ADMIN_TOKEN', 'ADMIN_TOKEN_PREVIOUS', 'REDIS_URL']);
  t.deepEqual(credentialsOf('services/pdf/src/main.ts'), ['MONGODB_URI']);
  t.deepEqual(credentialsOf('services/webhook/src/main.ts'), ['MONGODB_URI', 'SMTP_URL', 'WEBHOOK_SECRET_KEYS']);
  t.deepEqual(credentialsOf('services/accounts/src/setup.ts'), ['MONGODB_URI']);
  t.false(readsByEntry.get('services/payment/src/main.ts')!.has('KAFKA_BROKERS'));
  t.deepEqual([...readsByEntry.get('services/invoice/src/setup.ts')!].sort(), ['INVOICE_DB_NAME', 'LOG_LEVEL', 'MONGODB_URI']);
});

test('policy: the broken fixture (probe removed, root user, invoice as pdf\'s MongoDB user, pdf with Redis) is refused, naming each', async (t) => {
  const ms = await render({ values: [broken] });
  const violations = policyViolations(ms);
  t.true(violations.includes('Deployment/ip-invoice-platform-invoice container invoice: no readinessProbe'), violations.join('\n'));
  t.true(violations.includes('Deployment/ip-invoice-platform-gateway: pod runs as root (runAsUser 0)'));
  t.true(violations.includes('Job/ip-invoice-platform-setup: pod securityContext.runAsNonRoot is not true'));
  // Only what the fixture broke: the other services keep their probes, and their credentials.
  t.false(violations.some((v) => v.includes('ip-invoice-platform-pdf container pdf: no readinessProbe')));
  t.deepEqual(credentialViolations(ms), [
    'Deployment/ip-invoice-platform-pdf container pdf: gets REDIS_URL from Secret/ip-invoice-platform-redis, which services/pdf/src/main.ts does not read',
    'Secret/ip-invoice-platform-mongodb-pdf is the MongoDB user of invoice and pdf: each service connects as its own',
  ]);
  t.true(violations.includes(credentialViolations(ms)[0]!));
});

test('least privilege: a whole Secret, a Secret volume, a Secret holding two credentials, a credential in the manifest and a second MongoDB user are refused', async (t) => {
  // One Secret for Redis and SMTP: the gateway's node could read SMTP_URL, recurring's and webhook's REDIS_URL.
  const shared = await render({ set: ['secrets.redis=ip-connections', 'secrets.smtp=ip-connections'] });
  t.deepEqual(credentialViolations(shared), [
    'Deployment/ip-invoice-platform-gateway container gateway: references Secret/ip-connections, which also holds SMTP_URL, which services/gateway/src/main.ts does not read',
    'Deployment/ip-invoice-platform-recurring container recurring: references Secret/ip-connections, which also holds REDIS_URL, which services/recurring/src/main.ts does not read',
    'Deployment/ip-invoice-platform-webhook container webhook: references Secret/ip-connections, which also holds REDIS_URL, which services/webhook/src/main.ts does not read',
  ]);
  // A key ring or Kafka for a service that reads neither.
  const extra = await render({ set: ['components.pdf.keyRing=true', 'components.payment.dependencies={mongodb,kafka}'] });
  t.deepEqual(credentialViolations(extra), [
    'Deployment/ip-invoice-platform-payment container payment: gets KAFKA_BROKERS (ConfigMap/ip-invoice-platform-payment), which services/payment/src/main.ts does not read',
    'Deployment/ip-invoice-platform-pdf container pdf: gets PDF_SECRET_KEYS from Secret/ip-invoice-platform-pdf-keys, which services/pdf/src/main.ts does not read',
  ]);

  const ms = await render();
  const pod = (name: string) => ms.find((m) => m.metadata.name === `ip-invoice-platform-${name}` && m.kind !== 'ConfigMap' && m.spec?.template)!.spec.template.spec;
  // The chart as it was: every key of one connections Secret in every pod.
  pod('pdf').containers[0].envFrom.push({ secretRef: { name: 'ip-invoice-platform-connections' } });
  pod('invoice').volumes.push({ name: 'creds', secret: { secretName: 'ip-invoice-platform-mongodb-accounts' } });
  pod('payment').containers[0].env.push({ name: 'REDIS_URL', value: 'redis://:pw@redis:6379' });
  // The setup step of recurring as another user than its pods.
  const job = ms.find((m) => m.kind === 'Job')!.spec.template.spec;
  job.initContainers.find((c: any) => c.name === 'indexes-recurring').env.find((e: any) => e.name === 'MONGODB_URI').valueFrom.secretKeyRef.name = 'ip-mongodb-admin';
  t.deepEqual(credentialViolations(ms).sort(), [
    'Deployment/ip-invoice-platform-invoice: mounts Secret/ip-invoice-platform-mongodb-accounts as a volume: credentials come as named env only',
    'Deployment/ip-invoice-platform-payment container payment: REDIS_URL is written in the manifest, not taken from a Secret',
    'Deployment/ip-invoice-platform-pdf container pdf: takes every key of Secret/ip-invoice-platform-connections (envFrom): a credential is named, from the one Secret holding it',
    'recurring connects to MongoDB from 2 Secrets (Secret/ip-invoice-platform-mongodb-recurring, Secret/ip-mongodb-admin): one user per service',
  ]);
});

test('policy: a secret in a ConfigMap and a pod outside every NetworkPolicy are refused', async (t) => {
  const manifests = await render({ set: ['networkPolicy.enabled=false'] });
  const cm = manifests.find((m) => m.kind === 'ConfigMap')!;
  cm.data = { ...cm.data, CACHE_URL: 'redis://app:s3cret@redis:6379', RING: 'k1:' + 'A'.repeat(43) + '=' };
  const violations = policyViolations(manifests);
  t.true(violations.includes(`ConfigMap/${cm.metadata.name}: holds a URL with credentials`));
  t.true(violations.includes(`ConfigMap/${cm.metadata.name}: holds a key ring`));
  t.true(violations.includes('Deployment/ip-invoice-platform-webhook: no NetworkPolicy selects its pods'));
});

test('policy: gRPC balanced per call: a Service with a virtual IP, one listing unready pods, a peer by plain host name and a server that never ends a connection are refused, naming each', async (t) => {
  t.deepEqual(balancingViolations(await render()), []);
  const ms = await render();
  const service = (name: string) => ms.find((m) => m.kind === 'Service' && m.metadata.name === `ip-invoice-platform-${name}`)!;
  const config = (name: string) => ms.find((m) => m.kind === 'ConfigMap' && m.metadata.name === `ip-invoice-platform-${name}`)!;
  // The chart as it was: a ClusterIP Service and host:port peers (grpc-js's pick_first on one virtual IP).
  delete service('pdf').spec.clusterIP;
  service('invoice').spec.publishNotReadyAddresses = true;
  config('recurring').data!.ACCOUNTS_ADDR = 'ip-invoice-platform-accounts:50051';
  delete config('webhook').data!.GRPC_MAX_CONNECTION_AGE_MS;
  t.deepEqual(balancingViolations(ms).sort(), [
    'ConfigMap/ip-invoice-platform-gateway: INVOICE_ADDR=dns:///ip-invoice-platform-invoice:50052 is not dns:/// of a headless gRPC Service at its port: calls would not be balanced over its pods',
    'ConfigMap/ip-invoice-platform-gateway: PDF_ADDR=dns:///ip-invoice-platform-pdf:50054 is not dns:/// of a headless gRPC Service at its port: calls would not be balanced over its pods',
    'ConfigMap/ip-invoice-platform-invoice: PDF_ADDR=dns:///ip-invoice-platform-pdf:50054 is not dns:/// of a headless gRPC Service at its port: calls would not be balanced over its pods',
    'ConfigMap/ip-invoice-platform-payment: INVOICE_ADDR=dns:///ip-invoice-platform-invoice:50052 is not dns:/// of a headless gRPC Service at its port: calls would not be balanced over its pods',
    'ConfigMap/ip-invoice-platform-pdf: INVOICE_ADDR=dns:///ip-invoice-platform-invoice:50052 is not dns:/// of a headless gRPC Service at its port: calls would not be balanced over its pods',
    'ConfigMap/ip-invoice-platform-recurring: ACCOUNTS_ADDR=ip-invoice-platform-accounts:50051 is not dns:/// of a headless gRPC Service at its port: calls would not be balanced over its pods',
    'ConfigMap/ip-invoice-platform-recurring: INVOICE_ADDR=dns:///ip-invoice-platform-invoice:50052 is not dns:/// of a headless gRPC Service at its port: calls would not be balanced over its pods',
    'ConfigMap/ip-invoice-platform-recurring: PDF_ADDR=dns:///ip-invoice-platform-pdf:50054 is not dns:/// of a headless gRPC Service at its port: calls would not be balanced over its pods',
    'ConfigMap/ip-invoice-platform-webhook: no GRPC_MAX_CONNECTION_AGE_MS: its server never ends a connection, so callers never find pods added since',
    "Service/ip-invoice-platform-invoice: answers with pods that are not ready",
    "Service/ip-invoice-platform-pdf: a gRPC Service with a virtual IP pins each caller's connection to one pod: it must be headless (clusterIP: None)",
  ]);
});

test('chart: a consumer group that can outgrow its topic\'s partitions is refused at render, naming the values to change', async (t) => {
  const err = await t.throwsAsync(render({ set: ['components.webhook.autoscaling.maxReplicas=7'] }));
  t.regex(
    String(err?.message),
    /components\.webhook can run 7 replicas in one consumer group of kafka\.topics\.invoiceLifecycle, which has 6 partitions.*Raise kafka\.topics\.invoiceLifecycle\.partitions to 7 or more/,
  );
  const recurring = await t.throwsAsync(
    render({ set: ['components.recurring.autoscaling.enabled=false', 'components.recurring.replicas=8'] }),
  );
  t.regex(String(recurring?.message), /components\.recurring can run 8 replicas in one consumer group of kafka\.topics\.(invoiceLifecycle|workspace)/);
  // Raised partitions admit it; the gateway's consumer (a group per pod) is no shared group.
  await t.notThrowsAsync(render({ set: ['components.webhook.autoscaling.maxReplicas=7', 'kafka.topics.invoiceLifecycle.partitions=7', 'kafka.topics.recurring.partitions=7', 'components.gateway.autoscaling.maxReplicas=30'] }));
});
