import test, { type ExecutionContext } from 'ava';
import { maxNotificationBytes } from '../../src/adapters/body.ts';
import type { PaymentAdapter, RawNotification } from '../../src/domain/adapter.ts';

/**
 * The cases every adapter's `parse` is tried with (docs/payments.md "Notifications"): whoever can
 * reach the notify route sends any bytes, so an id that is not a string of the provider's form, or
 * a body that is not the provider's, is simply not a notification (undefined), and never a throw.
 */

export type Path = readonly (string | number)[];

/** A field the adapter reads, where it sits in a genuine body, and what of its own form looks like. */
export interface ReadField {
  path: Path;
  /** The genuine body's value. */
  genuine: string;
  /** One character over the schema's bound (still of the form otherwise). */
  overLong: string;
  /** The longest value taken; by default overLong less its last character. */
  atBound?: string;
  /** Strings within the bound that are not of the provider's form; empty where any text is taken. */
  wrongForm: readonly string[];
  /** The field is nullable by the provider's own documentation (Stripe's payment_intent, …). */
  nullable?: boolean;
  /** The field is the providerCheckoutId parse returns. */
  checkoutId?: boolean;
}

/** A deep copy of a JSON body with the value at `path` replaced, or removed when `value` is undefined. */
export function withField(body: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(body);
  let at = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}

/** What an id field is replaced with, none of which is a string of the provider's form. */
export function replacements(field: ReadField): [string, unknown][] {
  return [
    ['an operator object', { $regex: '.*' }],
    ['an operator object ($ne)', { $ne: null }],
    ['an array of the genuine id', [field.genuine]],
    ['an empty array', []],
    ['a number', 12345],
    ...(field.nullable ? [] : ([['null', null]] as [string, unknown][])),
    ['a boolean', true],
    ['a nested object', { id: { $gt: '' } }],
    ['an object holding the genuine id', { value: field.genuine }],
    [`a string over its bound (${field.overLong.length})`, field.overLong],
    ...field.wrongForm.map((s): [string, unknown] => [`not of the form: ${JSON.stringify(s)}`, s]),
  ];
}

export function notification(body: string | Buffer, headers: Record<string, string> = {}): RawNotification {
  return { body: typeof body === 'string' ? Buffer.from(body) : body, headers, query: '' };
}

/** `body` followed by `filler` up to exactly `size` bytes. */
export function padded(body: Buffer, size: number, filler: string): Buffer {
  return Buffer.concat([body, Buffer.from(filler.repeat(size - body.length))]);
}

/** Whole JSON bodies that are no notification, built around a genuine one. */
export function jsonBodyCases(genuine: Buffer): [string, Buffer][] {
  const text = genuine.toString('utf8');
  return [
    ['an empty body', Buffer.alloc(0)],
    ['the body as an array', Buffer.from(`[${text}]`)],
    ['the body as a number', Buffer.from('12345')],
    ['the body as a string', Buffer.from(JSON.stringify(text))],
    ['null', Buffer.from('null')],
    ['true', Buffer.from('true')],
    ['an empty object', Buffer.from('{}')],
    ['truncated JSON (last byte cut)', genuine.subarray(0, genuine.length - 1)],
    ['truncated JSON (half)', genuine.subarray(0, Math.floor(genuine.length / 2))],
    ['a form body', Buffer.from('id=1&status=PAID')],
    ['not UTF-8', Buffer.from([0xff, 0xfe, 0x7b, 0x7d])],
    ['deeply nested arrays', Buffer.from(`${'['.repeat(20_000)}${']'.repeat(20_000)}`)],
    ['64 KiB + 1 bytes (the genuine body and spaces)', padded(genuine, maxNotificationBytes + 1, ' ')],
  ];
}

/** parse(n) is undefined, and not a throw (a loop goes on, so every failing case is reported). */
export function notParsed(t: ExecutionContext, adapter: PaymentAdapter, n: RawNotification, name: string): void {
  let parsed: unknown = 'threw';
  t.notThrows(() => {
    parsed = adapter.parse(n);
  }, name);
  t.is(parsed, undefined, name);
}

export interface JsonParseSpec {
  /** Prefix of the tests' titles. */
  label: string;
  adapter: PaymentAdapter;
  /** A genuine notification body as the provider documents it. */
  genuine: unknown;
  headers?: Record<string, string>;
  /** What parse makes of the genuine body. */
  expected: { providerCheckoutId: string; kind: string };
  fields: readonly ReadField[];
}

/**
 * The parse table of a JSON-bodied provider: the genuine body parses (also padded to exactly
 * 64 KiB); each read field replaced by anything not of its form, and each whole body that is not
 * the provider's, is undefined.
 */
export function jsonParseTests(spec: JsonParseSpec): void {
  const { label, adapter, headers = {}, expected } = spec;
  const genuine = Buffer.from(JSON.stringify(spec.genuine));

  test(`${label}: a genuine body parses, also padded to exactly 64 KiB`, (t) => {
    t.like(adapter.parse(notification(genuine, headers)), expected);
    t.like(adapter.parse(notification(padded(genuine, maxNotificationBytes, ' '), headers)), expected);
  });

  for (const field of spec.fields) {
    const where = field.path.join('.');
    test(`${label}: ${where} not a string of its form is no notification`, (t) => {
      for (const [name, value] of replacements(field)) {
        notParsed(t, adapter, notification(JSON.stringify(withField(spec.genuine, field.path, value)), headers), name);
      }
      // The longest value taken is still a notification.
      const longest = field.atBound ?? field.overLong.slice(0, -1);
      const atBound = adapter.parse(
        notification(JSON.stringify(withField(spec.genuine, field.path, longest)), headers),
      );
      t.truthy(atBound, 'at its bound');
      if (field.checkoutId) t.is(atBound?.providerCheckoutId, longest, 'at its bound');
      if (field.nullable)
        t.truthy(
          adapter.parse(notification(JSON.stringify(withField(spec.genuine, field.path, null)), headers)),
          'null',
        );
    });
  }

  test(`${label}: a whole body that is not the provider's is no notification`, (t) => {
    for (const [name, body] of jsonBodyCases(genuine)) notParsed(t, adapter, notification(body, headers), name);
  });
}
