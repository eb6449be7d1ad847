import { createLogger } from '@invoice-platform/common/logger';
import { connectMongo } from '@invoice-platform/common/mongo';
import { registerModels } from './src/store/models.ts';
const conn = await connectMongo(
  'mongodb://127.0.0.1:27117',
  'wh_explain_' + Date.now().toString(36),
  createLogger('x', 'warn'),
);
const m = registerModels(conn);
await Promise.all(Object.values(m).map((x) => x.createIndexes()));
const now = new Date();
const N = Number(process.argv[2] ?? 2000);
const docs = Array.from({ length: N }, (_, i) => ({
  _id: `d${i}`,
  workspace_id: `ws${i % 20}`,
  endpoint_id: `e${i % 50}`,
  endpoint_epoch: 1,
  event_id: `ev${i}`,
  event_type: 'invoice.created',
  invoice_id: `inv${i}`,
  status: i % 10 === 0 ? 'retrying' : 'succeeded',
  attempt_count: 1,
  attempts: [
    {
      number: 1,
      attempted_at: now,
      response_status: 200,
      duration_ms: 3,
      success: true,
      error: null,
      response_excerpt: 'x'.repeat(200),
    },
  ],
  next_attempt_at: null,
  first_attempt_at: now,
  succeeded_at: i % 10 === 0 ? null : now,
  resend: false,
  due_at: i % 10 === 0 ? new Date(now.getTime() + i * 1000 - 100000) : null,
  lease_token: null,
  created_at: new Date(now.getTime() - i * 60000),
  updated_at: now,
}));
for (let i = 0; i < docs.length; i += 1000) await m.Delivery.insertMany(docs.slice(i, i + 1000));
await m.Notice.create({
  _id: 'n1',
  workspace_id: 'ws1',
  endpoint_id: 'e1',
  url: 'u',
  event_id: 'ev',
  status: 'pending',
  tries: 0,
  due_at: now,
  lease_token: null,
  sent_at: null,
  created_at: now,
});
await m.Event.create({
  _id: 'ev1',
  workspace_id: 'ws1',
  type: 't',
  invoice_id: 'i',
  created: 'x',
  body: '{}',
  received_at: now,
});
const db = conn.db!;
async function ex(name: string, cmd: Record<string, unknown>) {
  const r = await db.command({ explain: cmd, verbosity: 'queryPlanner' });
  console.log(
    name,
    JSON.stringify(r.queryPlanner?.Plan),
    'filter',
    r.filterPushdown,
    'sort',
    r.sortPushdown,
    'limit',
    r.limitPushdown,
  );
}
await ex('list', { find: 'deliveries', filter: { workspace_id: 'ws1' }, sort: { created_at: -1, _id: -1 }, limit: 25 });
await ex('list filtered', {
  find: 'deliveries',
  filter: { workspace_id: 'ws1', status: 'succeeded', event_id: 'ev1' },
  sort: { created_at: -1, _id: -1 },
  limit: 25,
});
await ex('count', { count: 'deliveries', query: { workspace_id: 'ws1' } });
await ex('cancelOpen', { find: 'deliveries', filter: { endpoint_id: 'e1', status: { $in: ['pending', 'retrying'] } } });
await ex('succeededSince', {
  find: 'deliveries',
  filter: { endpoint_id: 'e1', status: 'succeeded', succeeded_at: { $gte: now } },
  limit: 1,
});
await ex('purge deliveries', {
  find: 'deliveries',
  filter: { created_at: { $lt: now }, status: { $in: ['succeeded', 'failed', 'cancelled'] } },
  sort: { created_at: 1 },
  limit: 500,
});
await ex('purge events', {
  find: 'events',
  filter: { received_at: { $lt: now } },
  sort: { received_at: 1 },
  limit: 500,
});
await ex('purge notices', {
  find: 'notices',
  filter: { created_at: { $lt: now }, status: { $in: ['sent', 'skipped'] } },
  sort: { created_at: 1 },
  limit: 500,
});
await ex('claim notice', { find: 'notices', filter: { due_at: { $lte: now } }, sort: { due_at: 1 }, limit: 1 });
const time = async (name: string, f: () => Promise<unknown>) => {
  const t0 = performance.now();
  for (let i = 0; i < 20; i++) await f();
  console.log(name, ((performance.now() - t0) / 20).toFixed(2), 'ms');
};
await time('empty claim', () =>
  m.Delivery.findOneAndUpdate(
    { due_at: { $lte: new Date(0) } },
    { $set: { lease_token: 'y' } },
    { sort: { due_at: 1 } },
  ).lean(),
);
await time('claim', () =>
  m.Delivery.findOneAndUpdate(
    { due_at: { $lte: new Date(now.getTime() + 1e9) } },
    { $set: { due_at: new Date(now.getTime() + 1e10), lease_token: 'y' } },
    { sort: { due_at: 1 } },
  ).lean(),
);
await time('list page', () =>
  m.Delivery.find({ workspace_id: 'ws1' }).sort({ created_at: -1, _id: -1 }).limit(25).lean(),
);
await time('count', () => m.Delivery.countDocuments({ workspace_id: 'ws1' }));
await time('succeededSince', () =>
  m.Delivery.exists({ endpoint_id: 'e1', status: 'succeeded', succeeded_at: { $gte: now } }),
);
await time('cancelOpen', () =>
  m.Delivery.updateMany({ endpoint_id: 'e7', status: { $in: ['pending', 'retrying'] } }, { $set: { updated_at: now } }),
);
await db.dropDatabase();
await conn.close();
