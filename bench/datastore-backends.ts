/**
 * One workload against a MongoDB-wire server, for choosing FerretDB's backend
 * (deploy/local/ferretdb/measure-backends.sh runs it against SQLite and PostgreSQL):
 *   node bench/datastore-backends.ts <mongodb uri> <server pid,...>
 * Prints one JSON line: latencies (ms) of the single-document operations the services make,
 * a tenant's page beside 10,000 other documents, 4 concurrent writers' throughput, and the server
 * processes' CPU while idle.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Mongoose } from 'mongoose';
import { repoRoot } from '../test/support/platform.ts';

// Resolved from services/common like every service's own mongoose (bench/ is not a package).
const { mongo } = createRequire(path.join(repoRoot, 'services/common/package.json'))('mongoose') as Mongoose;

const [uri, pidList] = process.argv.slice(2);
if (!uri || !pidList) throw new Error('usage: node bench/datastore-backends.ts <mongodb uri> <server pid,...>');
const pids = pidList.split(',').map(Number);
const client = new mongo.MongoClient(uri, { maxPoolSize: 20 });
const db = client.db(`backends_${randomBytes(3).toString('hex')}`);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the driver's update types need an open document
type Doc = { _id: string; [field: string]: any };
const c = db.collection<Doc>('invoices');

const invoice = (tenant: string, i: number): Doc => ({
  _id: `${tenant}-${i}`,
  tenant,
  created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000),
  status: 'unpaid',
  version: 0,
  items: Array.from({ length: 8 }, (_, j) => ({ description: `line ${j}`, quantity: '2', price: '125000.00' })),
  notes: 'n'.repeat(1500),
});

async function timed(n: number, fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2));
  return { p50: at(0.5), p99: at(0.99) };
}

function cpuTicks(): number {
  return pids.reduce((sum, pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return sum + Number(fields[11]) + Number(fields[12]);
    } catch {
      return sum;
    }
  }, 0);
}

await client.connect();
await c.createIndex({ tenant: 1, created_at: -1 });
const result: Record<string, unknown> = {};
result.insert = await timed(300, (i) => c.insertOne(invoice('seq', i)));
for (let i = 0; i < 10_000; i += 1000)
  await c.insertMany(Array.from({ length: 1000 }, (_, k) => invoice('bulk', i + k)));
await c.insertMany(Array.from({ length: 100 }, (_, k) => invoice('small', k)));
result.find_by_id = await timed(300, (i) => c.findOne({ _id: `bulk-${(i * 37) % 10_000}` }));
result.inc_by_id = await timed(300, (i) => c.updateOne({ _id: `bulk-${i}` }, { $inc: { version: 1 } }));
result.tenant_page_beside_10k = await timed(50, () =>
  c.find({ tenant: 'small' }).sort({ created_at: -1 }).limit(25).toArray(),
);
const writers = 4;
const perWriter = 150;
const start = performance.now();
await Promise.all(
  Array.from({ length: writers }, async (_, w) => {
    for (let i = 0; i < perWriter; i++) {
      await c.insertOne(invoice(`w${w}`, i));
      await c.updateOne({ _id: `w${w}-${i}`, version: 0 }, { $set: { status: 'paid' }, $inc: { version: 1 } });
    }
  }),
);
result.concurrent_write_pairs_per_s = Math.round((writers * perWriter) / ((performance.now() - start) / 1000));
await db.dropDatabase();
await client.close();
await new Promise((r) => setTimeout(r, 2000));
const idleStart = cpuTicks();
await new Promise((r) => setTimeout(r, 20_000));
result.idle_cpu_percent_of_one_core = Number((((cpuTicks() - idleStart) / 100 / 20) * 100).toFixed(2));
console.log(JSON.stringify(result));
