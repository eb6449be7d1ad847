import test from 'ava';
import { Authenticator } from '../../src/http/auth.ts';
import type { AccountsClient } from '../../src/service/peers.ts';

const workspace = {
  id: 'WS1',
  name: 'ws',
  plan: 'business',
  plan_state: 'active',
  time_zone: 'UTC',
  features: ['api'],
};

/** An accounts client whose answers the test releases one by one. */
function fakeAccounts() {
  const pending: { rawKey: string; release: () => void }[] = [];
  const client = {
    call: (_method: string, req: { raw_key: string }) =>
      new Promise((resolve) =>
        pending.push({ rawKey: req.raw_key, release: () => resolve({ workspace, key_id: 'key1' }) }),
      ),
  } as unknown as AccountsClient;
  return { client, pending };
}

test('auth: the Bearer scheme is case-insensitive and may be followed by several spaces (RFC 9110 §11.1)', async (t) => {
  const { client, pending } = fakeAccounts();
  const auth = new Authenticator({ accounts: client, ttlMs: 60_000 });
  for (const header of ['Bearer ipk_a', 'bearer ipk_b', 'BEARER ipk_c', 'Bearer   ipk_d']) {
    const result = auth.authenticate(header);
    pending.shift()!.release();
    t.is((await result).keyId, 'key1', header);
  }
  for (const header of ['Basic ipk_a', 'Bearer', 'Bearer ', 'Bearer ipk_a b', 'Beareripk_a']) {
    await t.throwsAsync(auth.authenticate(header), { message: /malformed/ }, header);
  }
});

test('auth: a lookup in flight while the key is invalidated is not cached', async (t) => {
  const { client, pending } = fakeAccounts();
  const auth = new Authenticator({ accounts: client, ttlMs: 60_000 });
  const first = auth.authenticate('Bearer ipk_a');
  auth.invalidateKey('key1');
  pending.shift()!.release();
  await first;
  const second = auth.authenticate('Bearer ipk_a');
  t.is(pending.length, 1, 'the second request asks accounts again');
  pending.shift()!.release();
  await second;
  await auth.authenticate('Bearer ipk_a');
  t.is(pending.length, 0, 'an answer without an invalidation in between is cached');
});

test('auth: a lookup in flight while the workspace changes is not cached', async (t) => {
  const { client, pending } = fakeAccounts();
  const auth = new Authenticator({ accounts: client, ttlMs: 60_000 });
  const first = auth.authenticate('Bearer ipk_a');
  auth.invalidateWorkspace('WS1');
  pending.shift()!.release();
  await first;
  void auth.authenticate('Bearer ipk_a');
  t.is(pending.length, 1);
  pending.shift()!.release();
});
