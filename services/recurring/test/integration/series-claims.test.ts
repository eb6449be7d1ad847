import { AppError } from '@invoice-platform/common/errors';
import test from 'ava';
import { newSeriesService, openTestDatabase, seriesInput, startPeers } from './helpers.ts';

// Skip and frequency change against a scheduler that holds an occurrence (a claim it took before
// generating), on the real database: the request is refused instead of removing an occurrence
// whose invoice is being made.
const workspaceId = 'WSCLAIMS01';
let db: Awaited<ReturnType<typeof openTestDatabase>>;
let peers: Awaited<ReturnType<typeof startPeers>>;

test.before(async () => {
  db = await openTestDatabase('recurring_claims');
  peers = await startPeers({
    accounts: { GetWorkspace: async () => ({ id: workspaceId, features: ['recurring'], plan_state: 'active' }) },
  });
});
test.after.always(async () => {
  await peers?.stop();
  await db?.drop();
});

let n = 0;
async function newSeries() {
  const id = `rs_claims_${++n}_${Date.now().toString(36)}`;
  const service = newSeriesService(db.repo, peers.clients.accounts);
  await service.create(seriesInput(workspaceId, id, new Date('2027-01-15T09:00:00Z'), { count: 3 }));
  const [, second] = await db.repo.occurrences(id);
  return { id, service, second: second! };
}

test('skip: an occurrence a scheduler is generating is refused; once released it is removed and nothing stays claimed', async (t) => {
  const { id, service, second } = await newSeries();
  const claim = `${second._id}:a${second.attempts}`;
  t.true(await db.repo.claim(claim, second._id, 'attempt', 'scheduler-1', new Date()));
  const err = await t.throwsAsync(service.skip(workspaceId, id, second.local_date));
  t.true(AppError.isKind(err, 'application'), String(err));
  t.regex(err!.message, /being generated right now/);
  t.is((await db.repo.occurrences(id)).length, 3, 'nothing removed');
  t.true(await db.repo.holdsClaims([claim], 'scheduler-1'), "the scheduler's claim is untouched");

  await db.repo.releaseClaims([claim]);
  await service.skip(workspaceId, id, second.local_date);
  t.false((await db.repo.occurrences(id)).some((o) => o._id === second._id));
  t.true(await db.repo.claim(claim, second._id, 'attempt', 'scheduler-1', new Date()), 'skip left no claim behind');
});

test('frequency change: refused while a scheduler generates an occurrence it would replace', async (t) => {
  const { id, service, second } = await newSeries();
  const claim = `${second._id}:a${second.attempts}`;
  t.true(await db.repo.claim(claim, second._id, 'attempt', 'scheduler-1', new Date()));
  const change = () =>
    service.changeFrequency(workspaceId, id, { frequency: 'weekly', start_date: '2099-01-01', count: 2 });
  const err = await t.throwsAsync(change());
  t.regex(err!.message, /being generated right now/);
  t.true((await db.repo.occurrences(id)).some((o) => o._id === second._id));

  await db.repo.releaseClaims([claim]);
  const { result } = await change();
  t.deepEqual(result, { replaced: 2, added: 2 });
});
