import test from 'ava';
import { Type } from '@sinclair/typebox';
import { Validator } from '@seriousme/openapi-schema-validator';
import { optInEventTypes, publicLifecycleTypes } from '@invoice-platform/common/contracts/values';
import { AppError, errorEnvelope } from '@invoice-platform/common/errors';
import { API_VERSION, buildOpenApi } from '../../src/http/openapi.ts';
import { ErrorEnvelope } from '../../src/http/schemas/common.ts';
import { GenerateInvoiceResponse, Item } from '../../src/http/schemas/generate.ts';
import { InvoiceResponse } from '../../src/http/schemas/invoice.ts';
import { ExtendRecurringResponse, RecurringListResponse } from '../../src/http/schemas/recurring.ts';
import { publicRoutes, type RouteSpec } from '../../src/http/schemas/routes.ts';
import { createAjv } from '../../src/http/validation.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests walk the generated JSON freely
type Json = Record<string, any>;

const serverUrl = 'https://invoices.example.test';
const build = (routes: RouteSpec[] = publicRoutes) => buildOpenApi(routes, { serverUrl, version: API_VERSION }) as Json;
const doc = build();
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const operationOf = (route: RouteSpec): Json => doc.paths[openApiPath(route.path)][route.method];

test('openapi: the document passes the OpenAPI 3.1 schema validator', async (t) => {
  const validator = new Validator();
  const result = await validator.validate(doc);
  t.deepEqual(result.errors, undefined);
  t.true(result.valid);
  t.is(validator.version, '3.1');
  t.regex(doc.openapi, /^3\.1\.\d+$/);
});

test('openapi: the validator does refuse a broken document', async (t) => {
  const broken = structuredClone(doc);
  broken.paths['/api/invoices/external'].get.responses = { 200: { content: {} } };
  t.false((await new Validator().validate(broken)).valid);
});

test('openapi: info, server and global bearer security follow docs/architecture.md#public-contract', (t) => {
  t.is(doc.info.title, 'Invoice Generation Service');
  t.is(doc.info.version, '1.0.0');
  t.deepEqual(doc.info.license, { name: 'Apache-2.0', identifier: 'Apache-2.0' }, 'the LICENSE, for info-license');
  t.deepEqual(doc.servers, [{ url: serverUrl }]);
  t.deepEqual(doc.security, [{ bearerAuth: [] }]);
  t.like(doc.components.securitySchemes.bearerAuth, { type: 'http', scheme: 'bearer' });
});

test('openapi: every public operation is present under its method and path', (t) => {
  const operationIds = publicRoutes.map((route) => route.operationId);
  t.deepEqual(operationIds.toSorted(), [
    'archiveInvoice',
    'changeRecurringFrequency',
    // Additive (docs/money-trail.md): the as-issued archive, credit notes and payments.
    'downloadInvoicePdf',
    'extendRecurring',
    'generateInvoice',
    'getCreditNote',
    'getCreditNoteEInvoice',
    'getCreditNotePdf',
    // Additive (docs/e-invoicing.md): the spec's operations are all here unchanged.
    'getEInvoice',
    'getInvoice',
    'getInvoicePdf',
    'getRecurring',
    'issueCreditNote',
    'listCreditNotes',
    'listInvoices',
    'listPayments',
    'listRecurring',
    'listTemplates',
    'recordPayment',
    'skipRecurringOccurrence',
    'updateInvoiceStatus',
    'updateRecurringStatus',
  ]);
  for (const route of publicRoutes) {
    t.is(operationOf(route)?.operationId, route.operationId, route.path);
    t.deepEqual(operationOf(route).tags, [route.tag]);
  }
  t.true('/api/invoices/external/{id}/status' in doc.paths);
  t.false(Object.keys(doc.paths).some((path) => path.includes(':')));
});

test('openapi: routes register static paths before the id paths they would match', (t) => {
  const index = (path: string) => publicRoutes.findIndex((route) => route.path === path);
  const byId = index('/api/invoices/external/:id');
  t.true(index('/api/invoices/external/templates') < byId);
  t.true(index('/api/invoices/external/recurring') < byId);
});

test('openapi: responses are 200 plus exactly the error statuses of each route, all with the error envelope', (t) => {
  for (const route of publicRoutes) {
    const responses = operationOf(route).responses;
    t.deepEqual(Object.keys(responses), ['200', ...route.errors.map(String)], route.operationId);
    for (const status of route.errors) {
      const response = resolve(responses[status]);
      t.deepEqual(response.content['application/json'].schema, { $ref: '#/components/schemas/Error' });
    }
  }
  const generate = operationOf(publicRoutes.find((route) => route.operationId === 'generateInvoice')!);
  t.deepEqual(Object.keys(generate.responses), ['200', '400', '402', '403', '409', '422', '429']);
  t.deepEqual(
    Object.keys(operationOf(publicRoutes.find((route) => route.operationId === 'listTemplates')!).responses),
    ['200', '403', '429'],
  );
});

test('openapi: every route that takes a body can answer 400, which covers a body over the size limit', (t) => {
  for (const route of publicRoutes.filter((r) => r.body)) t.true(route.errors.includes(400), route.operationId);
  t.regex(doc.components.responses.BadRequest.description, /a body over the size limit is one at path body/);
});

test('openapi: every response carries the rate limit headers, 409 and 429 add Retry-After, the 200 of a route with Idempotency-Key Idempotent-Replayed', (t) => {
  const withKey = publicRoutes.filter((route) => route.idempotencyKey).map((route) => route.operationId);
  t.deepEqual(withKey, ['generateInvoice', 'issueCreditNote', 'recordPayment']);
  for (const route of publicRoutes) {
    for (const [status, ref] of Object.entries(operationOf(route).responses)) {
      const headers = Object.keys(resolve(ref as Json).headers);
      t.true(
        headers.includes('X-RateLimit-Limit') && headers.includes('X-RateLimit-Remaining'),
        `${route.operationId} ${status}`,
      );
      t.is(headers.includes('Retry-After'), status === '429' || status === '409', `${route.operationId} ${status}`);
      t.is(headers.includes('Idempotent-Replayed'), status === '200' && withKey.includes(route.operationId));
    }
  }
});

test('openapi: parameters are the path id, the list queries and Idempotency-Key on generate', (t) => {
  const params = (operationId: string) =>
    (operationOf(publicRoutes.find((route) => route.operationId === operationId)!).parameters ?? []) as Json[];
  t.like(params('getInvoice'), [
    { name: 'id', in: 'path', required: true, schema: { $ref: '#/components/schemas/ResourceId' } },
  ]);
  t.is(resolve(params('getInvoice')[0]!.schema).pattern, '^[A-Za-z0-9_-]{1,64}$');
  t.deepEqual(
    params('listInvoices').map((param) => [param.name, param.in, param.required]),
    [
      ['status', 'query', false],
      ['page', 'query', false],
      ['pageSize', 'query', false],
    ],
  );
  t.like(params('listInvoices')[2], { schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } });
  t.like(params('generateInvoice'), [{ name: 'Idempotency-Key', in: 'header', required: false }]);
  t.like(resolve(params('generateInvoice')[0]!.schema), { minLength: 1, maxLength: 255 });
  t.deepEqual(params('listTemplates'), []);
});

test('openapi: request bodies reference named schemas and say whether they are required', (t) => {
  for (const route of publicRoutes) {
    const body = operationOf(route).requestBody;
    if (!route.body) {
      t.is(body, undefined, route.operationId);
      continue;
    }
    t.is(body.required, route.bodyRequired, route.operationId);
    t.regex(body.content['application/json'].schema.$ref, /^#\/components\/schemas\/\w+$/);
  }
  const generate = doc.components.schemas.GenerateInvoiceRequest;
  t.false(generate.additionalProperties);
  t.like(generate.properties.items, { minItems: 1, maxItems: 500, items: { $ref: '#/components/schemas/Item' } });
  t.like(doc.components.schemas.Item.properties.quantity, { minimum: 0.01, maximum: 999999, multipleOf: 0.01 });
  t.deepEqual(generate.properties.document_language, {
    $ref: '#/components/schemas/DocumentLanguage',
    description:
      'Language of the words in the invoice document (PDF and email). Default: "en" (the server applies it when the field is omitted).',
  });
});

test('openapi: request bodies state the defaults the server applies in words, not as default (docs/api-clients.md)', (t) => {
  // openapi-typescript would type a property with a `default` as required, even in a request.
  const requestSchemas = ['GenerateInvoiceRequest', 'Item', 'InvoicePdfRequest'].map((name) => [
    name,
    JSON.stringify(doc.components.schemas[name]),
  ]);
  for (const [name, json] of requestSchemas) t.false(json!.includes('"default"'), name);
  t.regex(doc.components.schemas.Item.properties.discount.description, / Default: 0 \(the server applies it/);
  t.regex(doc.components.schemas.GenerateInvoiceRequest.properties.currency.description, /Default: "IDR"/);
  t.regex(doc.components.schemas.InvoicePdfRequest.properties.force.description, /Default: false/);
  t.false(doc.components.schemas.Item.required.includes('discount'));
  // The validators keep the defaults: the server still fills them in.
  const item = { quantity: 1, price: 1 };
  t.true(createAjv({ coerceTypes: false }).validate(Item, item));
  t.deepEqual(item, { quantity: 1, price: 1, discount: 0 });
  // Query parameters keep theirs (generators leave parameters optional).
  const listInvoices = doc.paths['/api/invoices/external'].get;
  t.is(listInvoices.parameters.find((p: Json) => p.name === 'page').schema.default, 1);
  // A named schema with a default that a response uses too cannot lose it: the build refuses.
  const shared = Type.Object({ flag: Type.Optional(Type.Boolean({ default: false })) }, { title: 'Shared' });
  const route = publicRoutes.find((r) => r.operationId === 'getInvoicePdf')!;
  t.throws(() => build([{ ...route, body: shared, success: { status: 200, schema: shared } }]), {
    message: /Shared is used by a request and a response/,
  });
});

test('openapi: the public resources are named components', (t) => {
  const names = Object.keys(doc.components.schemas);
  for (const name of [
    'Invoice',
    'InvoiceSummary',
    'Template',
    'GenerateInvoiceResult',
    'RecurringSeries',
    'RecurringSeriesSummary',
    'RecurringOccurrence',
    'PageMeta',
    'Error',
  ]) {
    t.true(names.includes(name), name);
  }
  t.false('occurrences' in doc.components.schemas.RecurringSeriesSummary.properties);
  t.true(doc.components.schemas.RecurringSeries.required.includes('occurrences'));
});

test('openapi: every $ref points at something in the document', (t) => {
  const refs: string[] = [];
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(collect);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref') refs.push(value as string);
        else collect(value);
      }
    }
  };
  collect(doc);
  t.true(refs.length > 50);
  for (const ref of new Set(refs)) t.not(resolve({ $ref: ref }), undefined, ref);
});

test('openapi: two different schemas under one title are refused', (t) => {
  const clash: RouteSpec = {
    ...publicRoutes[0]!,
    operationId: 'listTemplates',
    path: '/clash',
    body: Type.Object({ other: Type.String() }, { title: 'Invoice' }),
  };
  t.throws(() => build([...publicRoutes, clash]), { message: 'Two different schemas are titled Invoice' });
});

test('openapi: every route schema compiles as strict JSON Schema 2020-12', (t) => {
  const ajv = createAjv({ coerceTypes: false });
  for (const route of publicRoutes) {
    for (const schema of [route.params, route.query, route.body, route.success.schema]) {
      if (schema) t.notThrows(() => ajv.compile(schema), route.operationId);
    }
  }
});

test('openapi: response schemas accept responses of the documented shape', (t) => {
  const ajv = createAjv({ coerceTypes: false });
  const accepts = (schema: object, value: unknown) => {
    const validate = ajv.compile(schema);
    t.true(validate(value), JSON.stringify(validate.errors));
  };
  const at = '2026-05-01T08:00:00.000Z';
  accepts(GenerateInvoiceResponse, {
    data: {
      id: 'inv_1',
      invoice_number: 'INV-7-202605-0001',
      pdf_url: 'https://invoices.example.test/p/invoice/inv_1/pdf',
      credits_remaining: null,
      is_recurring: false,
      template: null,
    },
  });
  accepts(InvoiceResponse, {
    data: {
      id: 'inv_1',
      invoice_number: 'INV-7-202605-0001',
      customer_name: 'Acme',
      customer_email: null,
      currency: 'IDR',
      subtotal: 300000,
      discount_total: 0,
      tax_rate: 11,
      tax_amount: 33000,
      amount: 333000,
      invoice_status: 'unpaid',
      is_archived: false,
      is_recurring: false,
      recurring_interval: 'none',
      issue_date: at,
      due_date: '2026-05-15',
      paid_at: null,
      pdf_url: null,
      pdf_status: 'processing',
      amount_credited: 0,
      amount_paid: 0,
      amount_due: 333000,
      as_issued_pdf: {
        sha256: 'a'.repeat(64),
        size_bytes: 42318,
        content_type: 'application/pdf',
        stored_at: at,
      },
      as_issued_e_invoice: null,
      retain_until: '2036-05-01T08:00:00.000Z',
    },
  });
  const series = {
    id: 'rs_1',
    status: 'active',
    paused_reason: null,
    paused_message: null,
    frequency: 'monthly',
    start_date: at,
    end_date: null,
    next_run_date: at,
    last_run_date: null,
    invoice_number: null,
    customer_name: 'Acme',
    customer_email: 'billing@acme.test',
    currency: 'IDR',
    amount: 333000,
    generated_count: 1,
    remaining_count: 3,
  };
  accepts(RecurringListResponse, { data: [series], meta: { page: 1, pageSize: 25, total: 1 } });
  accepts(ExtendRecurringResponse, {
    data: {
      ...series,
      occurrences: [{ date: at, due_date: null, status: 'sent', sent_at: null, invoice_id: 'inv_1' }],
    },
    meta: { added: 2 },
  });
  accepts(ErrorEnvelope, errorEnvelope(AppError.validation([{ path: 'body.items', message: 'is required' }])));
});

/** Follows a local `$ref` (one level is all the document uses). */
function resolve(node: Json): Json {
  if (typeof node.$ref !== 'string') return node;
  return node.$ref
    .slice(2)
    .split('/')
    .reduce((value: Json | undefined, key: string) => value?.[key], doc) as Json;
}

test('openapi webhooks: one per type an endpoint can receive, the opt-in ones saying so, each a signed POST', (t) => {
  t.deepEqual(Object.keys(doc.webhooks), [...publicLifecycleTypes, ...optInEventTypes]);
  t.deepEqual(optInEventTypes, ['recurring.paused', 'credit_note.created', 'invoice.payment_recorded']);
  const operationIds = new Set<string>();
  for (const [type, { post, ...others }] of Object.entries(doc.webhooks as Record<string, Json>)) {
    t.deepEqual(others, {}, `${type}: a POST only`);
    t.deepEqual(post.tags, ['Webhooks'], type);
    t.deepEqual(post.security, [], `${type}: signed, not authenticated by a key`);
    t.false(operationIds.has(post.operationId), `${type}: a unique operationId`);
    operationIds.add(post.operationId);
    t.deepEqual(
      post.parameters.map((p: Json) => `${p.in}:${p.name}`),
      [
        'Service-Signature',
        'Service-Event',
        'Service-Delivery',
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ].map((name) => `header:${name}`),
      type,
    );
    const body = doc.components.schemas[post.requestBody.content['application/json'].schema.$ref.split('/').pop()];
    t.true(body.properties.type.enum.includes(type), type);
    t.deepEqual(body.required.toSorted(), ['created', 'data', 'id', 'object', 'type'], `${type}: no internal field`);
    t.is(
      /only when they subscribed to \S+ by name/.test(post.description),
      (optInEventTypes as readonly string[]).includes(type),
      `${type}: opt-in or not`,
    );
  }
  t.true(
    doc.tags.some(
      (tag: Json) =>
        tag.name === 'Webhooks' && /opt-in types only go to endpoints that name them/.test(tag.description),
    ),
  );
});

test('openapi webhooks: credit_note.created carries the CreditNote and the invoice after it; invoice.payment_recorded the invoice and the Payment', (t) => {
  const body = (type: string) =>
    doc.components.schemas[
      doc.webhooks[type].post.requestBody.content['application/json'].schema.$ref.split('/').pop()
    ];
  const note = body('credit_note.created').properties.data;
  t.deepEqual(note.required, ['object', 'invoice']);
  t.is(note.properties.object.$ref, '#/components/schemas/CreditNote');
  t.is(note.properties.invoice.$ref, '#/components/schemas/EventInvoice');
  const payment = body('invoice.payment_recorded').properties.data;
  t.deepEqual(payment.required, ['object', 'payment']);
  t.is(payment.properties.object.$ref, '#/components/schemas/EventInvoice');
  t.is(payment.properties.payment.$ref, '#/components/schemas/Payment');
  // The balance, in the API's Invoice and so in the webhook object, which adds amount_received.
  const invoice = doc.components.schemas.EventInvoice;
  for (const field of ['amount_credited', 'amount_paid', 'amount_due', 'amount_received']) {
    t.true(invoice.required.includes(field), field);
    t.is(invoice.properties[field].type, 'number', field);
  }
  t.notRegex(JSON.stringify(invoice), /always 0/);
  // The issue's fields first (more may follow: the as-issued archive's).
  t.deepEqual(doc.components.schemas.CreditNote.required.slice(0, 10), [
    'id',
    'credit_note_number',
    'invoice_id',
    'invoice_number',
    'amount',
    'currency',
    'reason',
    'items',
    'pdf_url',
    'created_at',
  ]);
  t.deepEqual(doc.components.schemas.Payment.required, [
    'id',
    'invoice_id',
    'amount',
    'method',
    'reference',
    'paid_at',
  ]);
});
