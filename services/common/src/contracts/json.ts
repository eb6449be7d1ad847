/**
 * The one mapping from a gRPC message to a public object's JSON, driven by the object's TypeBox
 * schema (contracts/invoice.ts, recurring.ts, generate.ts, templates.ts): a property added to a
 * schema is mapped without a line of code, and the JSON's key order is the schema's.
 */
import { KindGuard, type Static, type TArray, type TObject, type TSchema } from '@sinclair/typebox';

/** The schema itself, or the member of its union (`Nullable(...)`), that has JSON type `type`. */
function ofType(schema: TSchema, type: string): TSchema | undefined {
  if (schema.type === type) return schema;
  return (schema.anyOf as TSchema[] | undefined)?.find((s) => s.type === type);
}

/**
 * One field of a message as the schema's JSON: money travels as exact decimal text and becomes a
 * number only here, at the edge; an unset optional (absent, or '' for a decimal) becomes null
 * where the schema allows null. A non-null number that is unset is proto3's zero. A sub-message
 * and a repeated field map through their own schemas.
 */
function jsonField(schema: TSchema, value: unknown): unknown {
  const nullable = ofType(schema, 'null') !== undefined;
  if (ofType(schema, 'number')) {
    if (value === undefined || value === null || value === '') return nullable ? null : 0;
    return Number(value);
  }
  // proto-loader decodes an absent sub-message as null, an unset optional scalar as undefined.
  if (value === undefined || value === null) return nullable ? null : value;
  const object = ofType(schema, 'object') as TObject | undefined;
  if (object) return messageJson(object, value as Record<string, unknown>);
  const array = ofType(schema, 'array') as TArray | undefined;
  if (array && Array.isArray(value)) return value.map((item) => jsonField(array.items, item));
  return value;
}

/**
 * An optional property (`Type.Optional`) is left out of the JSON when its field is unset: an
 * empty repeated field is unset too (proto3 tells no empty list from none).
 */
function messageJson(schema: TObject, message: Record<string, unknown>): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.properties)) {
    const value = message[key];
    const unset = value === undefined || value === null || (Array.isArray(value) && value.length === 0);
    if (KindGuard.IsOptional(field) && unset) continue;
    json[key] = jsonField(field, value);
  }
  return json;
}

/** M itself when it has a field for every property of S; otherwise the call does not compile. */
type WithFieldsOf<S extends TObject, M> = [Exclude<keyof Static<S>, keyof M>] extends [never] ? M : never;

/**
 * The public JSON of a message. The compiler checks the message's own fields against the schema;
 * the fields of its sub-messages are checked by the contracts test against protos/.
 */
export function fromMessage<S extends TObject, M extends object>(
  schema: S,
  message: M & WithFieldsOf<S, M>,
): Static<S> {
  return messageJson(schema, message as Record<string, unknown>) as Static<S>;
}
