import test from 'ava';
import * as values from '@invoice-platform/common/contracts/values';
import { API_VERSION, buildOpenApi } from '../../src/http/openapi.ts';
import { publicRoutes } from '../../src/http/schemas/routes.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test walks the generated JSON freely
type Json = Record<string, any>;

const doc = buildOpenApi(publicRoutes, { serverUrl: 'https://invoices.example.test', version: API_VERSION }) as Json;

const visited = new Set<string>();

/** Every enum in the document (through $refs), by the property (or parameter) name that carries it. */
function enumsByName(node: unknown, name = '', found = new Map<string, Set<string>>()): Map<string, Set<string>> {
  if (Array.isArray(node)) for (const item of node) enumsByName(item, name, found);
  else if (node && typeof node === 'object') {
    const obj = node as Json;
    if (typeof obj.$ref === 'string') {
      const seen = `${name}|${obj.$ref}`;
      if (!visited.has(seen)) {
        visited.add(seen);
        const target = (obj.$ref as string)
          .slice(2)
          .split('/')
          .reduce((at: Json, part) => at[part] as Json, doc);
        enumsByName(target, name, found);
      }
    }
    if (Array.isArray(obj.enum) && name)
      found.set(name, new Set([...(found.get(name) ?? []), ...(obj.enum as string[])]));
    if (typeof obj.name === 'string' && obj.schema) enumsByName(obj.schema, obj.name, found);
    for (const [key, value] of Object.entries(obj)) {
      if (key === 'properties')
        for (const [prop, schema] of Object.entries(value as Json)) enumsByName(schema, prop, found);
      else if (key !== 'enum') enumsByName(value, name, found);
    }
  }
  return found;
}

const enums = enumsByName(doc);

const cases: [property: string, list: readonly string[]][] = [
  ['document_language', values.documentLanguages],
  ['payment_gateway', values.paymentProviders],
  ['invoice_status', values.invoiceStatuses],
  ['pdf_status', values.pdfStatuses],
];

for (const [property, list] of cases) {
  test(`openapi: ${property} enumerates exactly the contracts module's list`, (t) => {
    t.deepEqual([...(enums.get(property) ?? [])].sort(), [...list].sort());
  });
}

test("openapi: recurring_interval is the contracts module's intervals, plus none on the invoice", (t) => {
  t.deepEqual([...(enums.get('recurring_interval') ?? [])].sort(), ['none', ...values.recurringIntervals].sort());
  t.deepEqual([...(enums.get('interval') ?? [])].sort(), [...values.recurringIntervals].sort());
});

test('openapi: the walk finds enums at all (a broken walk would make the tests above vacuous)', (t) => {
  t.true(enums.size >= 5, [...enums.keys()].join(', '));
});

test('isOneOf: narrows to the list, refuses other strings and non-strings', (t) => {
  t.true(values.isOneOf(values.plans, 'business'));
  t.false(values.isOneOf(values.plans, 'Business'));
  t.false(values.isOneOf(values.plans, 3));
  t.false(values.isOneOf(values.plans, undefined));
});
