import { Kind, type Static, type TSchema, Type, TypeRegistry, type SchemaOptions } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';

/**
 * Reading a provider's notification body by a schema of the fields its adapter reads, before
 * anything else looks at it (docs/payments.md "Notifications"). Whoever can reach the notify route
 * can send any bytes, so nothing of a body is used until it has passed: ids are strings of the
 * provider's form (never an object, an array or a number), every string is bounded, and a body
 * that does not fit is simply not a notification of that provider.
 */

/**
 * The largest body read. Real notifications are a few KiB (a Stripe event with its session is the
 * largest, under 10 KiB); the gateway's own limit (BODY_LIMIT_BYTES) is far above this.
 */
export const maxNotificationBytes = 64 * 1024;

/** A JSON number kept as the text it was written as, so no amount passes through a binary float. */
export class JsonNumber {
  readonly source: string;
  constructor(source: string) {
    this.source = source;
  }
}

TypeRegistry.Set<{ pattern: string }>(
  'JsonNumber',
  (schema, value) => value instanceof JsonNumber && new RegExp(schema.pattern).test(value.source),
);

/** A JSON number read as its text (readJson with exactNumbers), whose text matches `pattern`. */
export function JsonNumberText(pattern: string, options: SchemaOptions = {}) {
  return Type.Unsafe<JsonNumber>({ ...options, [Kind]: 'JsonNumber', pattern });
}

/** A bounded string, optionally of a pattern. */
export function Text(maxLength: number, pattern?: string) {
  return Type.String({ maxLength, ...(pattern ? { pattern } : {}) });
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof JsonNumber);
}

/** A schema compiled once, at module load. */
export function compile<T extends TSchema>(schema: T): TypeCheck<T> {
  return TypeCompiler.Compile(schema);
}

/**
 * A JSON body that passes `check`, else undefined. With `exactNumbers`, every number is a
 * JsonNumber (JSON.parse source text access), so the schema states its numbers as JsonNumberText.
 */
export function readJson<T extends TSchema>(
  check: TypeCheck<T>,
  body: Buffer,
  exactNumbers = false,
): Static<T> | undefined {
  if (body.length === 0 || body.length > maxNotificationBytes) return undefined;
  let value: unknown;
  try {
    value = exactNumbers
      ? JSON.parse(body.toString('utf8'), (_key, v: unknown, context?: { source?: string }) =>
          typeof v === 'number' && context?.source !== undefined ? new JsonNumber(context.source) : v,
        )
      : JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  return check.Check(value) ? value : undefined;
}

/**
 * A form-encoded body (application/x-www-form-urlencoded) as one string per field, when it passes
 * `check`; a field given twice makes it no form of ours (undefined), as does anything over the bound.
 */
export function readForm<T extends TSchema>(check: TypeCheck<T>, body: Buffer): Static<T> | undefined {
  if (body.length === 0 || body.length > maxNotificationBytes) return undefined;
  const fields = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(body.toString('utf8'))) {
    if (fields.has(name)) return undefined;
    fields.set(name, value);
  }
  // fromEntries makes own data properties of every name, __proto__ included.
  const value = Object.fromEntries(fields);
  return check.Check(value) ? value : undefined;
}
