import test from 'ava';
import { sealV1 } from '@invoice-platform/test-support/sealed-v1';
import { isV1Sealed, newKeyring, type SealContext, SecretBox, SecretBoxError } from '../../src/secret-box.ts';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwKKAhK3Jt0o4=';
const contextA: SealContext = ['payment_gateway', 'WSAAAAAA01', 'stripe'];

/** Replaces the `index`th ':'-separated part of a sealed text. */
const withPart = (sealed: string, index: number, part: (p: string) => string) =>
  sealed
    .split(':')
    .map((p, i) => (i === index ? part(p) : p))
    .join(':');

test('SecretBox: a sealed secret opens to the same text with its context and does not contain it', (t) => {
  const box = new SecretBox(newKeyring('k1'));
  const sealed = box.seal(secret, contextA);
  t.regex(sealed, /^sealed:v2:k1:[\w-]+:[\w-]+:[\w-]+$/);
  t.false(sealed.includes(secret.slice(6, 20)));
  t.is(box.open(sealed, contextA), secret);
});

test('SecretBox: sealing twice gives different texts (a fresh IV each time)', (t) => {
  const box = new SecretBox(newKeyring());
  t.not(box.seal(secret, contextA), box.seal(secret, contextA));
});

test('SecretBox: a secret is never sealed for an empty context', (t) => {
  t.throws(() => new SecretBox(newKeyring()).seal(secret, []), { instanceOf: SecretBoxError });
});

// Sealed for the first context, opened with the second: only the same list of parts opens. The
// pairs that would collide if the parts were simply joined are here too.
const contexts: [string, SealContext, SealContext, boolean][] = [
  ['the same context', contextA, [...contextA], true],
  ['another workspace', contextA, ['payment_gateway', 'WSBBBBBB02', 'stripe'], false],
  ['another provider', contextA, ['payment_gateway', 'WSAAAAAA01', 'mollie'], false],
  ['another kind of secret', contextA, ['webhook_secret', 'WSAAAAAA01', 'stripe'], false],
  ['a part fewer', contextA, ['payment_gateway', 'WSAAAAAA01'], false],
  ['a part more', contextA, [...contextA, ''], false],
  ['the parts in another order', contextA, ['payment_gateway', 'stripe', 'WSAAAAAA01'], false],
  ['a boundary moved between two parts', ['ab', 'c'], ['a', 'bc'], false],
  ['two parts against one holding a separator', ['a', 'b'], ['a:b'], false],
  ['two parts against one holding their length-prefixed form', ['a', 'b'], ['a\u0000\u0000\u0000\u0001b'], false],
];
for (const [what, sealedFor, openedWith, opens] of contexts) {
  test(`SecretBox: opened with ${what}, a secret ${opens ? 'opens' : 'is refused'}`, (t) => {
    const box = new SecretBox(newKeyring('k1'));
    const sealed = box.seal(secret, sealedFor);
    if (opens) {
      t.is(box.open(sealed, openedWith), secret);
      return;
    }
    const err = t.throws(() => box.open(sealed, openedWith), { instanceOf: SecretBoxError });
    t.regex(err!.message, /does not open with key "k1"/);
    t.false(err!.message.includes(secret));
  });
}

const refusals: [string, (sealed: string) => string][] = [
  ['an altered ciphertext', (s) => s.slice(0, -2) + (s.endsWith('AA') ? 'BB' : 'AA')],
  ['an altered tag', (s) => withPart(s, 4, (p) => 'A'.repeat(p.length))],
  ['a truncated tag', (s) => withPart(s, 4, (p) => p.slice(0, 6))],
  ['an altered IV', (s) => withPart(s, 3, (p) => (p.startsWith('A') ? 'B' : 'A') + p.slice(1))],
  ['another key id in the text (both keys in the ring)', (s) => s.replace(':k1:', ':k2:')],
  ['the v1 version in the text', (s) => s.replace('sealed:v2:', 'sealed:v1:')],
  ['an unknown version in the text', (s) => s.replace('sealed:v2:', 'sealed:v3:')],
  ['a part missing', (s) => s.split(':').slice(0, -1).join(':')],
  ['a part added', (s) => `${s}:AAAA`],
  ['a plain (unsealed) secret', () => secret],
];
for (const [what, alter] of refusals) {
  test(`SecretBox: ${what} is refused, not opened to garbage`, (t) => {
    const box = new SecretBox(`${newKeyring('k1')},${newKeyring('k2')}`);
    const err = t.throws(() => box.open(alter(box.seal(secret, contextA)), contextA));
    t.true(err instanceof SecretBoxError, String(err));
  });
}

test('SecretBox: the first key seals, every listed key opens (rotation)', (t) => {
  const oldRing = newKeyring('old');
  const sealedWithOld = new SecretBox(oldRing).seal(secret, contextA);
  const rotated = new SecretBox(`${newKeyring('new')},${oldRing}`);
  t.is(rotated.open(sealedWithOld, contextA), secret);
  t.regex(rotated.seal(secret, contextA), /^sealed:v2:new:/);
  const withoutOld = new SecretBox(newKeyring('new'), 'ACCOUNTS_SECRET_KEYS');
  const err = t.throws(() => withoutOld.open(sealedWithOld, contextA));
  t.regex(err!.message, /no key "old" in ACCOUNTS_SECRET_KEYS/);
});

test('SecretBox: the same key id with other key bytes does not open', (t) => {
  const sealed = new SecretBox(newKeyring('k1')).seal(secret, contextA);
  t.throws(() => new SecretBox(newKeyring('k1')).open(sealed, contextA), { instanceOf: SecretBoxError });
});

test('SecretBox: a v1 text is refused by open, for any context, naming its key', (t) => {
  const ring = newKeyring('k1');
  const v1 = sealV1(ring, secret);
  t.true(isV1Sealed(v1));
  const err = t.throws(() => new SecretBox(ring).open(v1, contextA), { instanceOf: SecretBoxError });
  t.regex(err!.message, /key "k1" is in the unbound v1 format/);
  t.false(err!.message.includes(secret));
});

test('SecretBox: resealV1 turns a v1 text into v2 bound to the context, with the first key', (t) => {
  const oldRing = newKeyring('old');
  const v1 = sealV1(oldRing, secret);
  const box = new SecretBox(`${newKeyring('new')},${oldRing}`);
  const resealed = box.resealV1(v1, contextA);
  t.regex(resealed, /^sealed:v2:new:/);
  t.false(isV1Sealed(resealed));
  t.is(box.open(resealed, contextA), secret);
  t.throws(() => box.open(resealed, ['payment_gateway', 'WSBBBBBB02', 'stripe']), { instanceOf: SecretBoxError });
});

const resealRefusals: [string, (box: SecretBox, ring: string) => string][] = [
  ['a v2 text (already bound)', (box) => box.seal(secret, contextA)],
  ['a v2 text relabelled v1', (box) => box.seal(secret, contextA).replace('sealed:v2:', 'sealed:v1:')],
  [
    'an altered v1 ciphertext',
    (_, ring) => withPart(sealV1(ring, secret), 5, (p) => p.slice(0, -2) + (p.endsWith('AA') ? 'BB' : 'AA')),
  ],
  ['a v1 text of other key bytes under the same id', () => sealV1(newKeyring('k1'), secret)],
  ['a v1 text of a key not in the ring', () => sealV1(newKeyring('gone'), secret)],
  ['a plain (unsealed) secret', () => secret],
];
for (const [what, text] of resealRefusals) {
  test(`SecretBox: resealV1 refuses ${what}`, (t) => {
    const ring = newKeyring('k1');
    const box = new SecretBox(ring);
    t.throws(() => box.resealV1(text(box, ring), contextA), { instanceOf: SecretBoxError });
  });
}
