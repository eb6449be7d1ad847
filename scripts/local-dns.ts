/**
 * The local platform's service discovery (docs/scaling.md): the `dns` unit of scripts/services.sh.
 * It answers `<service>.<LOCAL_DNS_ZONE>` on 127.0.0.1:<LOCAL_DNS_PORT> with the addresses of the
 * service's copies whose gRPC health check says SERVING, read from <PLATFORM_STATE_DIR>/replicas.json
 * (which services.sh rewrites whenever it starts, stops or scales a copy), as a headless Service
 * answers with its ready pods in the chart. The gateway is no gRPC peer and is not in it.
 *
 *   node scripts/local-dns.ts           serve
 *   node scripts/local-dns.ts --check   exit 0 when the running server answers every service's
 *                                       name with every copy replicas.json lists (up.sh waits on it)
 *
 * Local only: nothing of this is in the chart, where Kubernetes' own DNS does the job.
 */
import { promises as dnsPromises } from 'node:dns';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const state = process.env.PLATFORM_STATE_DIR;
const port = Number(process.env.LOCAL_DNS_PORT ?? 15353);
const zone = process.env.LOCAL_DNS_ZONE ?? 'invoice-platform.internal';
if (!state || !Number.isInteger(port)) {
  console.error('local-dns: PLATFORM_STATE_DIR and LOCAL_DNS_PORT are needed');
  process.exit(2);
}
const registry = path.join(state, 'replicas.json');

/** The gRPC copies replicas.json lists (the gateway is no gRPC peer). */
async function registered(): Promise<{ service: string; address: string }[]> {
  let text: string;
  try {
    text = await readFile(registry, 'utf8');
  } catch {
    return []; // no copy started yet
  }
  const { replicas } = JSON.parse(text) as { replicas: { service: string; address: string }[] };
  return replicas.filter((r) => r.service !== 'gateway').map(({ service, address }) => ({ service, address }));
}

if (process.argv.includes('--check')) {
  const resolver = new dnsPromises.Resolver({ timeout: 1000, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  const copies = await registered();
  const missing: string[] = [];
  for (const service of new Set(copies.map((c) => c.service))) {
    const answered = new Set(await resolver.resolve4(`${service}.${zone}`).catch(() => [] as string[]));
    for (const c of copies.filter((x) => x.service === service))
      if (!answered.has(c.address.slice(0, c.address.lastIndexOf(':')))) missing.push(`${service} ${c.address}`);
  }
  if (missing.length > 0) console.error(`not ready yet: ${missing.join(', ')}`);
  process.exit(missing.length === 0 && copies.length > 0 ? 0 : 1);
}

const { createLogger } = await import('../services/common/src/logger.ts');
const { LocalDns } = await import('../deploy/local/dns/local-dns.ts');
const log = createLogger('local-dns', 'info');
const dns = await new LocalDns({
  zone,
  port,
  replicas: registered,
  onChange: ({ service: of, address }, ready) => log.info({ of, address, ready }, 'replica readiness'),
}).start();
log.info({ port: dns.port, zone, registry }, 'local dns listening');
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => {
    void dns.stop().finally(() => process.exit(0));
  });
