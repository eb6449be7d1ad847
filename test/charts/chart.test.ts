/* eslint-disable @typescript-eslint/no-explicit-any -- manifests are read field by field. */
import { cp, mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { localOnlySettings, productionProviderBaseUrls } from '../../services/common/src/config.ts';
import { repoRoot } from '../support/platform.ts';
import { chart, ciValues, containersOf, kubeconformCheck, lint, type Manifest, parseManifests, render, renderText } from './render.ts';

const services = ['gateway', 'accounts', 'invoice', 'recurring', 'pdf', 'webhook', 'payment'];
const deployment = (ms: Manifest[], fullname: string, name: string) =>
  ms.find((m) => m.kind === 'Deployment' && m.metadata.name === `${fullname}-${name}`)!;
const container = (ms: Manifest[], name: string, fullname = 'ip-invoice-platform') =>
  deployment(ms, fullname, name).spec.template.spec.containers[0];
const configMap = (ms: Manifest[], name: string, fullname = 'ip-invoice-platform') =>
  ms.find((m) => m.kind === 'ConfigMap' && m.metadata.name === `${fullname}-${name}`)!.data!;

for (const values of ciValues) {
  test(`${path.basename(values)}: lints, renders and is valid against the Kubernetes ${'v1.33'} schemas (kubeconform, strict)`, async (t) => {
    await t.notThrowsAsync(lint([values]));
    const text = await renderText({ values: [values] });
    const { ok, output } = await kubeconformCheck(text);
    t.true(ok, output);
    t.true(parseManifests(text).length > 40);
  });
}

test('kubeconform refuses a broken manifest (so its pass above means something)', async (t) => {
  const text = await renderText();
  const broken = text.replace(/containerPort: 50052/, 'containerPort: "fifty"').replace('replicas: 2', 'replicaz: 2');
  const { ok, output } = await kubeconformCheck(broken);
  t.false(ok);
  t.regex(output, /Invalid: [1-9]/);
});

test('values.schema.json refuses a typo, a wrong type and a secret among the settings', async (t) => {
  for (const set of [
    'components.invoice.replicaz=2',
    'kafka.topics.replicationFactor=0',
    'components.gateway.env.MONGODB_URI=mongodb://x',
    'ingress.enabeld=true',
    'components.pdf.image=fat',
    // The one Secret every service shared is gone; the gateway has no database, so no MongoDB user.
    'secrets.connections=ip-connections',
    'mongodb.users.gateway.existingSecret=ip-mongodb',
    'mongodb.users.pdf.key=not a key',
  ]) {
    const err = await t.throwsAsync(renderText({ set: [set] }), undefined, set);
    t.regex(err!.message, /values don't meet the specifications of the schema/, set);
  }
});

/** Renders with `env` as one component's settings, given as strings (a values file, not --set). */
async function renderWithEnv(component: string, env: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chart-env-'));
  try {
    const file = path.join(dir, 'values.json');
    await writeFile(file, JSON.stringify({ components: { [component]: { env } } }));
    return await renderText({ values: [file] });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// Local-only settings (services/common/src/config.ts, docs/chart.md): a payment service pointed at
// a fake provider would take its forged fetch-backs, one without the TLS check any certificate.
const localOnlyValues: [component: string, setting: string, value: string][] = [
  ...Object.keys(localOnlySettings).flatMap((setting): [string, string, string][] => [
    ['webhook', setting, 'true'],
    ['payment', setting, '0'],
    ['gateway', setting, 'false'],
  ]),
  ...Object.keys(productionProviderBaseUrls).flatMap((setting): [string, string, string][] => [
    ['payment', setting, 'http://127.0.0.1:18100'],
    ['payment', setting, 'https://127.0.0.1:1@api.mollie.com/v2/'],
    ['payment', setting, `${productionProviderBaseUrls[setting]![0] ?? 'https://api.midtrans.com'}.evil.example`],
  ]),
  ['payment', 'PAYMENT_PAYPAL_BASE_URL', 'https://api-m.sandbox.paypal.com'],
  ['payment', 'PAYMENT_MIDTRANS_BASE_URL', 'https://app.midtrans.com'],
  // A provider the platform does not know has no API base to allow.
  ['payment', 'PAYMENT_ACME_BASE_URL', 'https://api.acme.example'],
];

test('values.schema.json refuses every local-only setting in components.*.env', async (t) => {
  t.true(localOnlyValues.length >= 20);
  for (const [component, setting, value] of localOnlyValues) {
    const what = `components.${component}.env.${setting}=${value}`;
    const err = await t.throwsAsync(renderWithEnv(component, { [setting]: value }), undefined, what);
    t.regex(err!.message, /values don't meet the specifications of the schema/, what);
    t.true(err!.message.includes(`components.${component}.env`), `${what}: ${err!.message}`);
  }
});

test("values.schema.json admits the providers' own API bases, or none, as the payment service's", async (t) => {
  const env = Object.fromEntries(Object.entries(productionProviderBaseUrls).map(([k, v]) => [k, v[0] ?? '']));
  const ms = parseManifests(await renderWithEnv('payment', env));
  const rendered = JSON.stringify(ms.filter((m) => m.metadata.name.endsWith('-payment')));
  for (const [key, value] of Object.entries(env)) if (value) t.true(rendered.includes(value), `${key}=${value}`);
});

for (const [release, set, fullname] of [
  ['ip', [], 'ip-invoice-platform'],
  ['billing', ['fullnameOverride=acme-billing'], 'acme-billing'],
] as const) {
  test(`release "${release}": every name and peer address comes from the release (${fullname}-…)`, async (t) => {
    const ms = await render({ release, set: [...set] });
    const named = ms.filter((m) => m.kind !== 'Namespace');
    for (const m of named) t.true(m.metadata.name.startsWith(fullname), `${m.kind}/${m.metadata.name}`);
    t.deepEqual(ms.filter((m) => m.kind === 'Deployment').map((d) => d.metadata.name).sort(), services.map((s) => `${fullname}-${s}`).sort());
    const servicePorts = new Map(ms.filter((m) => m.kind === 'Service').map((s) => [s.metadata.name, s.spec.ports.find((p: any) => p.name === 'main').port]));
    let peers = 0;
    for (const cm of ms.filter((m) => m.kind === 'ConfigMap')) {
      for (const [key, value] of Object.entries(cm.data ?? {})) {
        if (!key.endsWith('_ADDR') || key.endsWith('_LISTEN_ADDR')) continue;
        const [host, port] = value.replace(/^dns:\/\/\//, '').split(':');
        t.is(servicePorts.get(host!), Number(port), `${cm.metadata.name} ${key}=${value}`);
        t.is(host, `${fullname}-${key.replace(/_ADDR$/, '').toLowerCase()}`);
        peers++;
      }
    }
    t.is(peers, 6 + 3 + 3 + 1 + 1 + 2);
    t.is(ms.find((m) => m.kind === 'Ingress')!.spec.rules[0].http.paths[0].backend.service.name, `${fullname}-gateway`);
  });
}

test('the peers in values are the *_ADDR settings of each service\'s config.ts', async (t) => {
  const ms = await render();
  for (const name of services) {
    const source = await readFile(path.join(repoRoot, `services/${name}/src/config.ts`), 'utf8');
    const inCode = [...source.matchAll(/^\s+([A-Z]+)_ADDR:/gm)].map((m) => m[1]!.toLowerCase()).sort();
    const inChart = Object.keys(configMap(ms, name))
      .filter((k) => k.endsWith('_ADDR') && !k.endsWith('_LISTEN_ADDR'))
      .map((k) => k.replace(/_ADDR$/, '').toLowerCase())
      .sort();
    t.deepEqual(inChart, inCode, name);
  }
});

test('connection URLs, tokens and key rings come only from the Secrets named in values, each to the services that read it', async (t) => {
  const ms = await render({ release: 'invoicing', values: [ciValues[1]!] });
  const cms = JSON.stringify(ms.filter((m) => m.kind === 'ConfigMap'));
  for (const key of ['MONGODB_URI', 'REDIS_URL', 'SMTP_URL', 'ADMIN_TOKEN', 'WEBHOOK_SECRET_KEYS', 'ACCOUNTS_SECRET_KEYS']) t.false(cms.includes(key), key);
  const secretEnv = (name: string) =>
    (container(ms, name, 'invoicing-invoice-platform').env ?? []).map((e: any) => [e.name, e.valueFrom.secretKeyRef.name, e.valueFrom.secretKeyRef.key]);
  const mongo = (name: string) => ['MONGODB_URI', `invoicing-mongodb-${name}`, 'MONGODB_URI'];
  const expected: Record<string, string[][]> = {
    gateway: [
      ['REDIS_URL', 'invoicing-redis', 'REDIS_URL'],
      ['ADMIN_TOKEN', 'invoicing-admin-token', 'ADMIN_TOKEN'],
      ['ADMIN_TOKEN_PREVIOUS', 'invoicing-admin-token', 'ADMIN_TOKEN_PREVIOUS'],
    ],
    accounts: [mongo('accounts'), ['ACCOUNTS_SECRET_KEYS', 'invoicing-accounts-keys', 'ACCOUNTS_SECRET_KEYS']],
    invoice: [mongo('invoice')],
    recurring: [mongo('recurring'), ['SMTP_URL', 'invoicing-smtp', 'SMTP_URL']],
    // An operator-written Secret, under its own key (ci/production-values.yaml).
    pdf: [['MONGODB_URI', 'mongodb-admin-invoicing-pdf', 'connectionString.standard']],
    webhook: [mongo('webhook'), ['SMTP_URL', 'invoicing-smtp', 'SMTP_URL'], ['WEBHOOK_SECRET_KEYS', 'invoicing-webhook-keys', 'WEBHOOK_SECRET_KEYS']],
    payment: [mongo('payment')],
  };
  for (const name of services) {
    t.deepEqual(secretEnv(name), expected[name], name);
    // Never a whole Secret: a pod names each credential it reads.
    t.false(container(ms, name, 'invoicing-invoice-platform').envFrom.some((e: any) => e.secretRef), name);
  }
  // The old token's key exists only during a rotation: without it the pod must still start.
  const previous = (container(ms, 'gateway', 'invoicing-invoice-platform').env ?? []).find(
    (e: any) => e.name === 'ADMIN_TOKEN_PREVIOUS',
  );
  t.is(previous.valueFrom.secretKeyRef.optional, true);
  // Unnamed, the Secrets follow the release.
  const defaults = await render({ release: 'acme' });
  const names = (name: string) => (container(defaults, name, 'acme-invoice-platform').env ?? []).map((e: any) => e.valueFrom.secretKeyRef.name);
  t.deepEqual(names('invoice'), ['acme-invoice-platform-mongodb-invoice']);
  t.deepEqual(names('gateway'), ['acme-invoice-platform-redis', 'acme-invoice-platform-admin', 'acme-invoice-platform-admin']);
  t.deepEqual(names('webhook'), ['acme-invoice-platform-mongodb-webhook', 'acme-invoice-platform-smtp', 'acme-invoice-platform-webhook-keys']);
});

test('a component with a database and no MongoDB dependency (or the reverse) fails the render', async (t) => {
  for (const set of ['components.invoice.dependencies={kafka}', 'components.gateway.dependencies={kafka,redis,mongodb}']) {
    await t.throwsAsync(renderText({ set: [set] }), { message: /`database` and mongodb in `dependencies` go together/ }, set);
  }
});

test('probes: the gateway on /livez and /readyz, the gRPC services on gRPC health, pdf with a startup probe', async (t) => {
  const ms = await render();
  t.deepEqual(container(ms, 'gateway').livenessProbe.httpGet, { path: '/livez', port: 'main' });
  t.deepEqual(container(ms, 'gateway').readinessProbe.httpGet, { path: '/readyz', port: 'main' });
  for (const name of services.filter((s) => s !== 'gateway')) {
    const c = container(ms, name);
    t.is(c.readinessProbe.grpc.port, c.ports.find((p: any) => p.name === 'main').containerPort, name);
  }
  t.truthy(container(ms, 'pdf').startupProbe.grpc);
  t.is(container(ms, 'invoice').startupProbe, undefined);
});

test('images: pdf runs the pdf image, everything else (and the setup Job) the slim one; every entry exists', async (t) => {
  const ms = await render();
  for (const name of services) {
    const c = container(ms, name);
    t.is(c.image, `ghcr.io/invoice-platform/invoice-platform-${name === 'pdf' ? 'pdf' : 'slim'}:0.1.0`, name);
    t.true(existsSync(path.join(repoRoot, c.args[0])), c.args[0]);
  }
  const job = ms.find((m) => m.kind === 'Job')!;
  for (const c of containersOf(job)) {
    t.regex(c.image, /invoice-platform-slim:/);
    t.true(existsSync(path.join(repoRoot, c.args[0])), c.args[0]);
  }
});

test('metrics: port "metrics" 9464 on every container and Service, and each service named for OpenTelemetry', async (t) => {
  const ms = await render();
  for (const name of services) {
    t.true(container(ms, name).ports.some((p: any) => p.name === 'metrics' && p.containerPort === 9464), name);
    const svc = ms.find((m) => m.kind === 'Service' && m.metadata.name === `ip-invoice-platform-${name}`)!;
    t.true(svc.spec.ports.some((p: any) => p.name === 'metrics' && p.port === 9464), name);
    t.like(configMap(ms, name), { OTEL_SERVICE_NAME: name, OTEL_EXPORTER_PROMETHEUS_PORT: '9464', OTEL_EXPORTER_PROMETHEUS_HOST: '0.0.0.0' });
  }
});

test('the setup Job: a pre-install/pre-upgrade hook creating the topics from values and every service\'s indexes', async (t) => {
  const ms = await render({ release: 'invoicing', values: [ciValues[1]!] });
  const job = ms.find((m) => m.kind === 'Job')!;
  t.like(job.metadata.annotations, { 'helm.sh/hook': 'pre-install,pre-upgrade', 'helm.sh/hook-delete-policy': 'before-hook-creation,hook-succeeded' });
  const pod = job.spec.template.spec;
  const deploymentPod = deployment(ms, 'invoicing-invoice-platform', 'invoice').spec.template.spec;
  t.deepEqual(pod.securityContext, deploymentPod.securityContext);
  t.deepEqual(pod.initContainers.map((c: any) => c.args[0]).sort(), services.filter((s) => s !== 'gateway').map((s) => `services/${s}/src/setup.ts`).sort());
  for (const c of pod.initContainers) {
    const name = c.name.replace('indexes-', '');
    const env = Object.fromEntries(c.env.map((e: any) => [e.name, e.value ?? e.valueFrom]));
    t.is(env[`${name.toUpperCase()}_DB_NAME`], name);
    // Each step as its own service's MongoDB user, the one its pods have.
    const own = container(ms, name, 'invoicing-invoice-platform').env.find((e: any) => e.name === 'MONGODB_URI').valueFrom;
    t.deepEqual(env.MONGODB_URI, own, name);
    t.deepEqual(
      env.MONGODB_URI.secretKeyRef,
      name === 'pdf' ? { name: 'mongodb-admin-invoicing-pdf', key: 'connectionString.standard' } : { name: `invoicing-mongodb-${name}`, key: 'MONGODB_URI' },
      name,
    );
    t.deepEqual(c.env.filter((e: any) => e.valueFrom).map((e: any) => e.name), ['MONGODB_URI'], name);
    t.deepEqual(c.securityContext, deploymentPod.containers[0].securityContext);
  }
  const topics = pod.containers[0];
  t.is(topics.args[0], 'services/common/src/setup-topics.ts');
  t.like(Object.fromEntries(topics.env.map((e: any) => [e.name, e.value])), {
    KAFKA_TOPIC_REPLICATION_FACTOR: '3',
    KAFKA_TOPIC_RETENTION_MS: '2592000000',
    KAFKA_INVOICE_LIFECYCLE_PARTITIONS: '24',
    KAFKA_WORKSPACE_PARTITIONS: '12',
  });
  t.false(ms.some((m) => m.kind === 'Job' && m.metadata.name.includes('setup') && !m.metadata.annotations?.['helm.sh/hook']));
  t.is((await render({ set: ['setupJob.enabled=false'] })).filter((m) => m.kind === 'Job').length, 0);
});

test('network policies: default deny, each port from its clients only, egress to the peers, dependencies, DNS and (webhook, payment) the internet', async (t) => {
  const ms = await render();
  const policy = (name: string) => ms.find((m) => m.kind === 'NetworkPolicy' && m.metadata.name === `ip-invoice-platform-${name}`)!.spec;
  const deny = ms.find((m) => m.kind === 'NetworkPolicy' && m.metadata.name === 'ip-invoice-platform-default-deny')!.spec;
  t.deepEqual(deny.podSelector.matchLabels, { 'app.kubernetes.io/name': 'invoice-platform', 'app.kubernetes.io/instance': 'ip' });
  t.deepEqual(deny.policyTypes, ['Ingress', 'Egress']);
  t.is(deny.ingress, undefined);

  const callers: Record<string, string[]> = {
    accounts: ['gateway', 'invoice', 'payment', 'recurring', 'webhook'],
    invoice: ['gateway', 'payment', 'pdf', 'recurring'],
    recurring: ['gateway', 'invoice'],
    pdf: ['gateway', 'invoice', 'recurring'],
    webhook: ['gateway'],
    payment: ['gateway'],
  };
  const portOf = (name: string) => container(ms, name).ports.find((p: any) => p.name === 'main').containerPort;
  for (const [name, from] of Object.entries(callers)) {
    const rule = policy(name).ingress.find((r: any) => r.ports[0].port === portOf(name));
    t.deepEqual(rule.from.map((f: any) => f.podSelector.matchLabels['app.kubernetes.io/component']).sort(), from, name);
  }
  for (const name of services) {
    const spec = policy(name);
    const metrics = spec.ingress.find((r: any) => r.ports[0].port === 9464);
    t.deepEqual(metrics.from, [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }], name);
    t.true(spec.egress.some((r: any) => r.ports?.some((p: any) => p.port === 53 && p.protocol === 'UDP')), `${name}: DNS`);
    const internet = spec.egress.some((r: any) => r.to.some((to: any) => to.ipBlock?.cidr === '0.0.0.0/0' && to.ipBlock.except?.includes('10.0.0.0/8')));
    t.is(internet, name === 'webhook' || name === 'payment', `${name}: internet`);
  }
  const gateway = policy('gateway');
  t.deepEqual(gateway.ingress.find((r: any) => r.ports[0].port === 8080).from[0].podSelector, { matchLabels: { 'app.kubernetes.io/name': 'ingress-nginx' } });
  t.deepEqual(gateway.ingress.find((r: any) => r.ports[0].port === 8081).from, [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }]);
  t.is(gateway.ingress.length, 3, 'public, admin, metrics: nothing else');
  // Dependencies: redis for the gateway only, SMTP for recurring and webhook only.
  const reaches = (name: string, port: number) => policy(name).egress.some((r: any) => r.ports?.some((p: any) => p.port === port));
  for (const name of services) {
    t.is(reaches(name, 6379), name === 'gateway', `${name}: redis`);
    t.is(reaches(name, 587), name === 'recurring' || name === 'webhook', `${name}: smtp`);
    t.is(reaches(name, 27017), name !== 'gateway', `${name}: mongodb`);
  }
});

test('the ingress routes the public paths of the gateway\'s main port only', async (t) => {
  const ingress = (await render()).find((m) => m.kind === 'Ingress')!;
  const paths = ingress.spec.rules[0].http.paths;
  t.deepEqual(paths.map((p: any) => [p.path, p.pathType]), [
    ['/api', 'Prefix'],
    ['/p', 'Prefix'],
    ['/docs', 'Prefix'],
    ['/openapi.json', 'Exact'],
    ['/asyncapi.json', 'Exact'],
  ]);
  t.true(paths.every((p: any) => p.backend.service.port.name === 'main'));
});

test('the Grafana dashboard ConfigMap: off by default; on, it holds dashboards/invoice-platform.json under the sidecar label', async (t) => {
  t.false((await render()).some((m) => m.metadata.name.endsWith('-dashboard')));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chart-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const copy = path.join(dir, 'invoice-platform');
  await cp(chart, copy, { recursive: true });
  const dashboard = { title: 'Invoice platform', panels: [{ type: 'timeseries', targets: [{ expr: 'sum(rate(x[5m]))' }] }] };
  await mkdir(path.join(copy, 'dashboards'), { recursive: true });
  await writeFile(path.join(copy, 'dashboards/invoice-platform.json'), JSON.stringify(dashboard));
  const cm = (await render({ chartDir: copy, set: ['metrics.grafanaDashboard.enabled=true'] })).find((m) => m.metadata.name === 'ip-invoice-platform-dashboard')!;
  t.is(cm.metadata.labels!.grafana_dashboard, '1');
  t.deepEqual(JSON.parse(cm.data!['invoice-platform.json']!), dashboard);
  // The chart's own dashboard, when there: valid JSON in the ConfigMap; when missing, enabling it fails the render.
  const own = path.join(chart, 'dashboards/invoice-platform.json');
  if (existsSync(own)) {
    const real = (await render({ set: ['metrics.grafanaDashboard.enabled=true'] })).find((m) => m.metadata.name === 'ip-invoice-platform-dashboard')!;
    t.deepEqual(JSON.parse(real.data!['invoice-platform.json']!), JSON.parse(await readFile(own, 'utf8')));
  } else {
    await t.throwsAsync(renderText({ set: ['metrics.grafanaDashboard.enabled=true'] }), { message: /no dashboards\/invoice-platform.json/ });
  }
});

test('NOTES.txt tells how to reach the API and create the first workspace through the admin port', async (t) => {
  // NOTES.txt is rendered by install only; a copy of the chart renders it as a manifest's field.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chart-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const copy = path.join(dir, 'invoice-platform');
  await cp(chart, copy, { recursive: true });
  await writeFile(path.join(copy, 'templates/zz-notes.yaml'), 'apiVersion: v1\nkind: Notes\nmetadata: { name: notes }\ntext: {{ include "invoice-platform/templates/NOTES.txt" . | toJson }}\n');
  const notes = (await render({ release: 'acme', chartDir: copy })).find((m) => m.kind === 'Notes')! as unknown as { text: string };
  t.regex(notes.text, /https:\/\/api\.example\.com\/api/);
  t.regex(notes.text, /port-forward svc\/acme-invoice-platform-gateway 8081:8081/);
  t.regex(notes.text, /get secret acme-invoice-platform-admin/);
  for (const name of services.filter((s) => s !== 'gateway')) t.regex(notes.text, new RegExp(`acme-invoice-platform-mongodb-${name} +MONGODB_URI`), name);
  t.regex(notes.text, /acme-invoice-platform-redis +REDIS_URL/);
  t.regex(notes.text, /pnpm admin workspace create/);
});

test('Dockerfiles: tini as PID 1 before the telemetry preload, a non-root user, Chromium only in the pdf image', async (t) => {
  const read = (name: string) => readFile(path.join(repoRoot, 'deploy/docker', name), 'utf8');
  const entrypoint = ['/usr/bin/tini', '--', 'node', '--import', '/app/services/common/src/telemetry/preload.ts', '--max-semi-space-size=2'];
  for (const [name, chromium] of [['Dockerfile.slim', false], ['Dockerfile.pdf', true]] as const) {
    const text = await read(name);
    const final = text.slice(text.lastIndexOf('\nFROM '));
    t.deepEqual(JSON.parse(/^ENTRYPOINT (.+)$/m.exec(final)![1]!), entrypoint, name);
    t.regex(final, /apt-get install[^\n]*\btini\b/, name);
    const user = /^USER (\S+)$/m.exec(final)![1]!;
    t.regex(user, /^[1-9]\d*:[1-9]\d*$/, `${name}: a numeric non-root user, as runAsNonRoot needs`);
    t.is(/\bchromium\b/.test(final.replace(/^#.*$/gm, '')), chromium, name);
    t.regex(text, /pnpm install --frozen-lockfile --prod/);
  }
  t.regex(await read('Dockerfile.pdf'), /fonts-noto-cjk/);
});
