/* eslint-disable @typescript-eslint/no-explicit-any -- manifests are read field by field. */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { topicsConfigSchema } from '@invoice-platform/common/config';
import { repoRoot } from '../support/platform.ts';
import type { Manifest } from './render.ts';
import { containersOf } from './render.ts';

/** Keys and shapes that are secrets wherever they appear: they belong in Secrets only. */
const secretKeys = ['MONGODB_URI', 'REDIS_URL', 'SMTP_URL', 'ADMIN_TOKEN', 'WEBHOOK_SECRET_KEYS', 'ACCOUNTS_SECRET_KEYS'];
/** The credentials a pod may be given: the secret keys and the admin token being rotated out. */
export const credentialKeys: ReadonlySet<string> = new Set([...secretKeys, 'ADMIN_TOKEN_PREVIOUS']);
/** Connection settings that are not secret but still only for the services that connect. */
const connectionSetting = /^KAFKA_/;

/**
 * What each entry a container runs reads from its environment, from the code itself so the policy
 * cannot drift from it: `services/<name>/src/main.ts` the keys of that service's `configSchema`
 * (src/config.ts), its `src/setup.ts` what `runIndexSetup` (common/src/setup.ts) takes of that
 * schema (LOG_LEVEL, MONGODB_URI, its *_DB_NAME), and `services/common/src/setup-topics.ts` the keys
 * of `topicsConfigSchema`.
 */
export const readsByEntry: ReadonlyMap<string, ReadonlySet<string>> = await (async () => {
  const reads = new Map<string, ReadonlySet<string>>();
  reads.set('services/common/src/setup-topics.ts', new Set(Object.keys(topicsConfigSchema.properties)));
  for (const name of readdirSync(path.join(repoRoot, 'services')).sort()) {
    const config = path.join(repoRoot, 'services', name, 'src/config.ts');
    if (!existsSync(config)) continue;
    const { configSchema } = (await import(pathToFileURL(config).href)) as { configSchema?: { properties: Record<string, unknown> } };
    if (!configSchema) continue;
    const keys = Object.keys(configSchema.properties);
    reads.set(`services/${name}/src/main.ts`, new Set(keys));
    if (existsSync(path.join(repoRoot, 'services', name, 'src/setup.ts'))) {
      reads.set(`services/${name}/src/setup.ts`, new Set(keys.filter((k) => k === 'LOG_LEVEL' || k === 'MONGODB_URI' || k.endsWith('_DB_NAME'))));
    }
  }
  return reads;
})();

/** The credentials an entry reads (what its pod must get from Secrets, and all it may get). */
export function credentialsOf(entry: string): string[] {
  return [...(readsByEntry.get(entry) ?? [])].filter((k) => credentialKeys.has(k)).sort();
}

/** The service whose code a container runs (`services/<name>/src/…`), or undefined. */
const serviceOf = (entry: string | undefined) => /^services\/([a-z]+)\/src\//.exec(entry ?? '')?.[1];
const urlWithCredentials = /[a-z][a-z0-9+.-]*:\/\/[^/\s:@"]+:[^/\s@"]+@/i;
const keyRing = /\b[\w-]+:[A-Za-z0-9+/]{43}=/;

const podKinds = new Set(['Deployment', 'Job', 'StatefulSet', 'DaemonSet']);

function matches(selector: Record<string, string> | undefined, labels: Record<string, string>): boolean {
  return Object.entries(selector ?? {}).every(([k, v]) => labels[k] === v);
}

/**
 * The platform's deployment policy over rendered manifests; one line per violation, empty when
 * the release complies: every container non-root, read-only root filesystem, no privilege
 * escalation, requests and limits; every long-running container probed; every pod under a
 * NetworkPolicy that denies by default; no secret in a ConfigMap; least privilege
 * (`credentialViolations`).
 */
export function policyViolations(manifests: readonly Manifest[]): string[] {
  const out: string[] = [...credentialViolations(manifests), ...balancingViolations(manifests)];
  const policies = manifests.filter((m) => m.kind === 'NetworkPolicy');
  for (const m of manifests.filter((x) => podKinds.has(x.kind))) {
    const where = `${m.kind}/${m.metadata.name}`;
    const pod = m.spec?.template?.spec ?? {};
    const podSc = pod.securityContext ?? {};
    if (podSc.runAsNonRoot !== true) out.push(`${where}: pod securityContext.runAsNonRoot is not true`);
    if (podSc.runAsUser === 0 || podSc.runAsUser === undefined) out.push(`${where}: pod runs as root (runAsUser ${podSc.runAsUser ?? 'unset'})`);
    for (const c of containersOf(m) as any[]) {
      const at = `${where} container ${c.name}`;
      const sc = c.securityContext ?? {};
      if (sc.runAsUser === 0) out.push(`${at}: runs as root (runAsUser 0)`);
      if (sc.runAsNonRoot === false) out.push(`${at}: runAsNonRoot is false`);
      if (sc.readOnlyRootFilesystem !== true) out.push(`${at}: root filesystem is writable`);
      if (sc.allowPrivilegeEscalation !== false) out.push(`${at}: privilege escalation is allowed`);
      if (sc.privileged === true) out.push(`${at}: privileged`);
      for (const kind of ['requests', 'limits']) {
        for (const r of ['cpu', 'memory']) if (c.resources?.[kind]?.[r] === undefined) out.push(`${at}: no ${kind}.${r}`);
      }
    }
    // Jobs run to completion; every container of a long-running pod is probed.
    if (m.kind !== 'Job') {
      for (const c of pod.containers ?? []) {
        if (!c.livenessProbe) out.push(`${where} container ${c.name}: no livenessProbe`);
        if (!c.readinessProbe) out.push(`${where} container ${c.name}: no readinessProbe`);
      }
    }
    const labels = m.spec?.template?.metadata?.labels ?? {};
    const selecting = policies.filter((p) => matches(p.spec?.podSelector?.matchLabels, labels));
    if (selecting.length === 0) out.push(`${where}: no NetworkPolicy selects its pods`);
    else if (!selecting.some((p) => p.spec.ingress === undefined && p.spec.egress === undefined && p.spec.policyTypes?.length === 2)) {
      out.push(`${where}: no default-deny NetworkPolicy selects its pods`);
    }
  }
  for (const m of manifests.filter((x) => x.kind === 'ConfigMap')) {
    const text = JSON.stringify(m.data ?? {});
    for (const key of secretKeys) if (text.includes(key)) out.push(`ConfigMap/${m.metadata.name}: holds ${key}`);
    if (urlWithCredentials.test(text)) out.push(`ConfigMap/${m.metadata.name}: holds a URL with credentials`);
    if (keyRing.test(text)) out.push(`ConfigMap/${m.metadata.name}: holds a key ring`);
  }
  return out;
}

/**
 * Least privilege: a container gets a credential (from a Secret, each by name: never a whole Secret
 * by envFrom, nor as a volume) or a Kafka setting only when the entry it runs reads it
 * (`readsByEntry`); it references no Secret that also holds a credential it does not read (the
 * kubelet fetches whole Secrets, so its node could); and each service connects to MongoDB as a
 * user of its own: one Secret for its pods and its setup step, used by no other service.
 */
export function credentialViolations(manifests: readonly Manifest[], reads = readsByEntry): string[] {
  const out: string[] = [];
  const configMaps = new Map(manifests.filter((m) => m.kind === 'ConfigMap').map((m) => [m.metadata.name, m.data ?? {}]));
  interface Use {
    at: string;
    entry: string;
    secret: string;
    env: string;
  }
  const uses: Use[] = [];
  for (const m of manifests.filter((x) => podKinds.has(x.kind))) {
    const where = `${m.kind}/${m.metadata.name}`;
    for (const v of m.spec?.template?.spec?.volumes ?? []) {
      const secrets = [v.secret?.secretName, ...(v.projected?.sources ?? []).map((s: any) => s.secret?.name)].filter(Boolean);
      for (const secret of secrets) out.push(`${where}: mounts Secret/${secret} as a volume: credentials come as named env only`);
    }
    for (const c of containersOf(m)) {
      const at = `${where} container ${c.name}`;
      const entry: string = c.args?.[0] ?? '(no entry)';
      const known = reads.get(entry);
      if (!known) {
        out.push(`${at}: runs ${entry}, whose environment the policy does not know (no src/config.ts schema)`);
        continue;
      }
      for (const from of c.envFrom ?? []) {
        if (from.secretRef) out.push(`${at}: takes every key of Secret/${from.secretRef.name} (envFrom): a credential is named, from the one Secret holding it`);
        const data = from.configMapRef ? (configMaps.get(from.configMapRef.name) ?? {}) : {};
        for (const key of Object.keys(data)) {
          if (connectionSetting.test(key) && !known.has(key)) out.push(`${at}: gets ${key} (ConfigMap/${from.configMapRef.name}), which ${entry} does not read`);
        }
      }
      for (const e of c.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        if (ref) {
          uses.push({ at, entry, secret: ref.name, env: e.name });
          if (!known.has(e.name)) out.push(`${at}: gets ${e.name} from Secret/${ref.name}, which ${entry} does not read`);
        } else if (credentialKeys.has(e.name)) {
          out.push(`${at}: ${e.name} is written in the manifest, not taken from a Secret`);
        } else if (connectionSetting.test(e.name) && !known.has(e.name)) {
          out.push(`${at}: gets ${e.name}, which ${entry} does not read`);
        }
      }
    }
  }
  // A Secret referenced for one credential hands its node every other key it holds.
  const feeds = new Map<string, Use[]>();
  for (const u of uses) feeds.set(u.secret, [...(feeds.get(u.secret) ?? []), u]);
  for (const [secret, all] of feeds) {
    for (const at of new Set(all.map((u) => u.at))) {
      const mine = all.filter((o) => o.at === at);
      const { entry } = mine[0]!;
      const others = new Set(all.map((o) => o.env).filter((env) => !mine.some((o) => o.env === env) && !reads.get(entry)!.has(env)));
      for (const env of others) out.push(`${at}: references Secret/${secret}, which also holds ${env}, which ${entry} does not read`);
    }
  }
  // One MongoDB user per service: its pods and its setup step share one Secret, no other service's.
  const usersOf = new Map<string, Set<string>>();
  const servicesOf = new Map<string, Set<string>>();
  for (const u of uses.filter((x) => x.env === 'MONGODB_URI')) {
    const service = serviceOf(u.entry) ?? u.entry;
    usersOf.set(service, (usersOf.get(service) ?? new Set()).add(u.secret));
    servicesOf.set(u.secret, (servicesOf.get(u.secret) ?? new Set()).add(service));
  }
  for (const [secret, services] of servicesOf) {
    if (services.size > 1) out.push(`Secret/${secret} is the MongoDB user of ${[...services].sort().join(' and ')}: each service connects as its own`);
  }
  for (const [service, secrets] of usersOf) {
    if (secrets.size > 1) out.push(`${service} connects to MongoDB from ${secrets.size} Secrets (${[...secrets].sort().map((s) => `Secret/${s}`).join(', ')}): one user per service`);
  }
  return out;
}

/**
 * Balanced gRPC (docs/scaling.md), one line per violation: every gRPC Service is headless and
 * lists only ready pods, every peer address (`*_ADDR`) is `dns:///` of such a Service at its port,
 * so each caller resolves every ready pod and balances its calls over them one by one; and every
 * gRPC server ends its connections at an age (GRPC_MAX_CONNECTION_AGE_MS), so callers look again
 * and a pod the HPA adds gets calls. A virtual IP would keep each caller's one connection on one pod.
 */
export function balancingViolations(manifests: readonly Manifest[]): string[] {
  const out: string[] = [];
  const headless = new Map<string, number>();
  for (const m of manifests.filter((x) => x.kind === 'Service')) {
    const main = (m.spec?.ports ?? []).find((p: any) => p.name === 'main');
    if (main?.appProtocol !== 'grpc') continue;
    const where = `Service/${m.metadata.name}`;
    if (m.spec.clusterIP !== 'None')
      out.push(`${where}: a gRPC Service with a virtual IP pins each caller's connection to one pod: it must be headless (clusterIP: None)`);
    else if (m.spec.publishNotReadyAddresses === true) out.push(`${where}: answers with pods that are not ready`);
    else headless.set(m.metadata.name, main.port);
  }
  for (const m of manifests.filter((x) => x.kind === 'ConfigMap')) {
    const data = m.data ?? {};
    for (const [key, value] of Object.entries(data)) {
      if (!key.endsWith('_ADDR') || key.endsWith('_LISTEN_ADDR')) continue;
      const target = /^dns:\/\/\/([^:/]+):(\d+)$/.exec(value);
      if (!target || headless.get(target[1]!) !== Number(target[2]))
        out.push(`ConfigMap/${m.metadata.name}: ${key}=${value} is not dns:/// of a headless gRPC Service at its port: calls would not be balanced over its pods`);
    }
    if (Object.keys(data).some((k) => k.endsWith('_LISTEN_ADDR')) && !(Number(data.GRPC_MAX_CONNECTION_AGE_MS) > 0))
      out.push(`ConfigMap/${m.metadata.name}: no GRPC_MAX_CONNECTION_AGE_MS: its server never ends a connection, so callers never find pods added since`);
  }
  return out;
}
