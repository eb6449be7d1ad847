/**
 * TypeBox building blocks of the public contract's schemas (contracts/invoice.ts, the gateway's
 * http/schemas). A named schema carries a `title` and no `$id`: the OpenAPI builder turns each
 * titled sub-schema into a `components.schemas` entry of that name and references it with `$ref`.
 */
import { Type, type SchemaOptions, type TSchema } from '@sinclair/typebox';
import { invoiceStatuses, recurringIntervals } from './values.ts';

/** A string enum as one `{type: 'string', enum}` schema, so a client gets one "must be one of" error. */
export function StringEnum<const T extends readonly string[]>(values: T, options: SchemaOptions = {}) {
  return Type.Unsafe<T[number]>({ ...options, type: 'string', enum: [...values] });
}

export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

export const DateString = Type.String({ format: 'date', description: 'A calendar date, YYYY-MM-DD.' });
export const DateTimeString = Type.String({ format: 'date-time' });

export const InvoiceStatus = StringEnum(invoiceStatuses, { title: 'InvoiceStatus' });

export const RecurringInterval = StringEnum(recurringIntervals, { title: 'RecurringInterval' });
