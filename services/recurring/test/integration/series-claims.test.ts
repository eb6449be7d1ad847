import { AppError } from '@invoice-platform/common/errors';
import test from 'ava';
import type { OccurrenceDoc } from '../../src/domain/records.ts';
import { openTestDatabase, seriesInput, startPeers, useCases } from './helpers.ts';

// Skip and frequency change against a scheduler that holds an occurrence (the lease it took before
// generating), on the real database: the request is refused instead of removing an occurrence
// whose invoice is being made.
const workspaceId = 'WSCLAIMS01';
const LEASE_MS = 60_000;
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
  const service = useCases(db, peers.clients.accounts);
  await service.creation.create(seriesInput(workspaceId, id, new Date('2027-01-15T09:00:00Z'), { count: 3 }));
  const [, second, third] = await db.occurrences.ofSeries(id);
  return { id, service, second: second!, third: third! };
}

/** The lease a scheduler worker takes on a due occurrence before generating it. */
async function schedulerLeases(occurrence: OccurrenceDoc) {
  const lease = await db.occurrences.leaseDue(occurrence._id, occurrence.date, new Date(), LEASE_MS);
  if (!lease) throw new Error(`no lease on ${occurrence._id}`);
  return lease;
}

/** The scheduler's worker ends its lease as after a failed generate (no credit): open, retried later. */
const schedulerFails = (lease: Awaited<ReturnType<typeof schedulerLeases>>) =>
  db.occurrences.fail(lease, new Date('2027-03-01T00:00:00Z'), 'PaymentRequiredError: no credit');

const leased = async (seriesId: string) =>
  (await db.occurrences.ofSeries(seriesId)).filter((o) => o.lease_token !== null).map((o) => o._id);

test('skip: an occurrence a scheduler is generating is refused; once released it is removed and nothing stays claimed', async (t) => {
  const { id, service, second } = await newSeries();
  const lease = await schedulerLeases(second);
  const err = await t.throwsAsync(service.scheduleChanges.skip(workspaceId, id, second.local_date));
  t.true(AppError.isKind(err, 'application'), String(err));
  t.regex(err!.message, /being generated right now/);
  t.is((await db.occurrences.ofSeries(id)).length, 3, 'nothing removed');
  t.true(await db.occurrences.renewLease(lease, new Date(Date.now() + LEASE_MS)), "the scheduler's lease is untouched");

  t.true(await schedulerFails(lease));
  await service.scheduleChanges.skip(workspaceId, id, second.local_date);
  t.false((await db.occurrences.ofSeries(id)).some((o) => o._id === second._id));
  t.deepEqual(await leased(id), [], 'skip left no lease behind');
});

test('frequency change: refused while a scheduler generates an occurrence it would replace', async (t) => {
  const { id, service, third } = await newSeries();
  const lease = await schedulerLeases(third);
  const change = () =>
    service.scheduleChanges.changeFrequency(workspaceId, id, {
      frequency: 'weekly',
      start_date: '2099-01-01',
      count: 2,
    });
  const err = await t.throwsAsync(change());
  t.regex(err!.message, /being generated right now/);
  t.true((await db.occurrences.ofSeries(id)).some((o) => o._id === third._id));
  t.deepEqual(await leased(id), [third._id], 'the occurrence held before the refusal was given back');

  t.true(await schedulerFails(lease));
  const { result } = await change();
  t.deepEqual(result, { replaced: 2, added: 2 });
  t.deepEqual(await leased(id), [], 'nothing stays held');
});
