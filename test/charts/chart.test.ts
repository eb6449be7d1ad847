import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { parseAllDocuments } from 'yaml';
import { repoRoot } from '../support/platform.ts';

const run = promisify(execFile);
const helm = path.join(repoRoot, '.tools/go-bin/helm');
const chart = path.join(repoRoot, 'charts/invoice-platform');

type Manifest = { apiVersion: string; kind: string; metadata: { name: string }; spec?: Record<string, unknown> };

async function render(...args: string[]): Promise<Manifest[]> {
  const { stdout } = await run(helm, ['template', 'ip', chart, ...args], { maxBuffer: 16 * 1024 * 1024 });
  return parseAllDocuments(stdout)
    .map((d) => d.toJSON() as Manifest | null)
    .filter((m): m is Manifest => m !== null);
}

/** The kubernetes-models class for a kind, which validates against the Kubernetes OpenAPI schema. */
async function modelFor(m: Manifest): Promise<new (data: unknown) => { validate(): void }> {
  const [group, version] = m.apiVersion.includes('/') ? m.apiVersion.split('/') : ['', m.apiVersion];
  const groupPath = group === '' ? '' : `${group!.replace(/\.k8s\.io$/, '.k8s.io')}/`;
  const mod = (await import(`kubernetes-models/${groupPath}${version}/${m.kind}`)) as Record<string, new (data: unknown) => { validate(): void }>;
  return mod[m.kind]!;
}

test('helm chart: lints and renders manifests valid against the Kubernetes schemas', async (t) => {
  await run(helm, ['lint', chart]);
  const manifests = await render();
  t.true(manifests.length > 20);
  for (const m of manifests) {
    const Model = await modelFor(m);
    t.notThrows(() => new Model(m).validate(), `${m.kind}/${m.metadata.name}`);
  }
});

test('helm chart: every component is hardened and the admin port is never routed by the ingress', async (t) => {
  const manifests = await render();
  const deployments = manifests.filter((m) => m.kind === 'Deployment');
  t.deepEqual(deployments.map((d) => d.metadata.name).sort(), ['accounts', 'gateway', 'invoice', 'payment', 'pdf', 'recurring', 'webhook'].map((n) => `invoice-platform-${n}`));
  for (const d of deployments) {
    const pod = (d.spec as { template: { spec: { securityContext: Record<string, unknown>; containers: Record<string, unknown>[] } } }).template.spec;
    t.is(pod.securityContext.runAsNonRoot, true, d.metadata.name);
    const container = pod.containers[0]! as { securityContext: Record<string, unknown>; readinessProbe: unknown; resources: unknown };
    t.is(container.securityContext.readOnlyRootFilesystem, true);
    t.is(container.securityContext.allowPrivilegeEscalation, false);
    t.truthy(container.readinessProbe);
    t.truthy(container.resources);
  }
  const ingress = manifests.find((m) => m.kind === 'Ingress')!;
  t.true(JSON.stringify(ingress).includes('"name":"main"'));
  t.false(JSON.stringify(ingress).includes('admin'));
  const kinds = new Set(manifests.map((m) => m.kind));
  for (const kind of ['HorizontalPodAutoscaler', 'PodDisruptionBudget', 'NetworkPolicy', 'Service', 'ConfigMap']) t.true(kinds.has(kind), kind);
});

test('helm chart: the gateway is probed on /livez and /readyz, which the ingress never routes', async (t) => {
  const manifests = await render();
  type Probe = { httpGet?: { path: string; port: string }; grpc?: { port: number } };
  const container = (name: string) => {
    const d = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === `invoice-platform-${name}`)!;
    return (d.spec as { template: { spec: { containers: { livenessProbe: Probe; readinessProbe: Probe }[] } } }).template
      .spec.containers[0]!;
  };
  const gateway = container('gateway');
  t.deepEqual(gateway.livenessProbe.httpGet, { path: '/livez', port: 'main' });
  t.deepEqual(gateway.readinessProbe.httpGet, { path: '/readyz', port: 'main' });
  for (const name of ['accounts', 'invoice', 'payment', 'pdf', 'recurring', 'webhook']) {
    t.truthy(container(name).readinessProbe.grpc, `${name}: its gRPC health, which checks its own dependencies`);
  }
  const ingress = manifests.find((m) => m.kind === 'Ingress')!;
  const rules = (ingress.spec as { rules: { http: { paths: { path: string; pathType: string }[] } }[] }).rules;
  const paths = rules.flatMap((r) => r.http.paths.map((p) => [p.path, p.pathType]));
  t.deepEqual(paths, [
    ['/api', 'Prefix'],
    ['/p', 'Prefix'],
    ['/openapi.json', 'Exact'],
  ]);
});

test('helm chart: the admin token and the webhook and accounts sealing keys come from Secrets, never from the ConfigMap', async (t) => {
  const manifests = await render();
  const envOf = (name: string) => {
    const d = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === `invoice-platform-${name}`)!;
    const spec = d.spec as { template: { spec: { containers: { env?: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[] }[] } } };
    return spec.template.spec.containers[0]!.env ?? [];
  };
  t.deepEqual(envOf('gateway').map((e) => [e.name, e.valueFrom?.secretKeyRef?.name]), [['ADMIN_TOKEN', 'invoice-platform-admin']]);
  t.deepEqual(envOf('webhook').map((e) => [e.name, e.valueFrom?.secretKeyRef?.name]), [['WEBHOOK_SECRET_KEYS', 'invoice-platform-webhook-keys']]);
  t.deepEqual(envOf('accounts').map((e) => [e.name, e.valueFrom?.secretKeyRef?.name]), [['ACCOUNTS_SECRET_KEYS', 'invoice-platform-accounts-keys']]);
  const configMaps = JSON.stringify(manifests.filter((m) => m.kind === 'ConfigMap'));
  t.false(configMaps.includes('ADMIN_TOKEN'));
  t.false(configMaps.includes('WEBHOOK_SECRET_KEYS'));
  t.false(configMaps.includes('ACCOUNTS_SECRET_KEYS'));
  // Connection URLs may carry credentials: they come from a Secret too.
  for (const key of ['MONGODB_URI', 'REDIS_URL', 'SMTP_URL']) t.false(configMaps.includes(key), key);
  for (const d of manifests.filter((m) => m.kind === 'Deployment')) {
    const spec = d.spec as { template: { spec: { containers: { envFrom: { secretRef?: { name: string } }[] }[] } } };
    t.true(
      spec.template.spec.containers[0]!.envFrom.some((e) => e.secretRef?.name === 'invoice-platform-connections'),
      `${d.metadata.name} reads the connections Secret`,
    );
  }
});

test('helm chart: the schema check does refuse a broken manifest', async (t) => {
  const [deployment] = (await render()).filter((m) => m.kind === 'Deployment');
  const broken = structuredClone(deployment!) as Manifest & { spec: { replicas?: unknown; selector?: unknown } };
  broken.spec.replicas = 'two';
  delete broken.spec.selector;
  const Model = await modelFor(broken);
  t.throws(() => new Model(broken).validate());
});
