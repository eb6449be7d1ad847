/* eslint-disable @typescript-eslint/no-explicit-any -- manifests are read field by field. */
import type { Manifest } from './render.ts';
import { containersOf } from './render.ts';

/** Keys and shapes that are secrets wherever they appear: they belong in Secrets only. */
const secretKeys = ['MONGODB_URI', 'REDIS_URL', 'SMTP_URL', 'ADMIN_TOKEN', 'WEBHOOK_SECRET_KEYS', 'ACCOUNTS_SECRET_KEYS'];
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
 * NetworkPolicy that denies by default; no secret in a ConfigMap.
 */
export function policyViolations(manifests: readonly Manifest[]): string[] {
  const out: string[] = [];
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
