import test from 'ava';
import { AppError, type FieldError } from '@invoice-platform/common/errors';
import { type OperationId, operationIds, publicRoutes } from '../../src/http/schemas/routes.ts';
import { compileRoute, type RequestParts, type ValidRequest } from '../../src/http/validation.ts';

const validators = new Map(publicRoutes.map((route) => [route.operationId, compileRoute(route)]));

function validate(operationId: OperationId, input: Partial<RequestParts>): ValidRequest {
  const validator = validators.get(operationId);
  if (!validator) throw new Error(`no route ${operationId}`);
  return validator.validate({ params: {}, query: {}, headers: {}, body: undefined, ...input });
}

/** The field errors of a refused request; [] when it is accepted. */
function errorsOf(operationId: OperationId, input: Partial<RequestParts>): FieldError[] {
  try {
    validate(operationId, input);
    return [];
  } catch (err) {
    if (!AppError.isKind(err, 'validation')) throw err;
    return (err.details as { errors: FieldError[] }).errors;
  }
}

const item = { description: 'Design work', quantity: 2, price: 150000 };
const generate = (fields: Record<string, unknown> = {}) => ({ customer_name: 'Acme', items: [item], ...fields });
const generateItem = (fields: Record<string, unknown>) => generate({ items: [{ ...item, ...fields }] });
const recurringFields = { is_recurring: true, recurring_interval: 'monthly', customer_email: 'billing@acme.test' };
const recurring = (fields: Record<string, unknown> = {}) => generate({ ...recurringFields, ...fields });

const id = { id: 'inv_abc' };
const seriesId = { id: 'rs_abc' };

interface Case {
  surface: string;
  title: string;
  operationId: OperationId;
  input: Partial<RequestParts>;
  /** Absent: the request is accepted. */
  errors?: FieldError[];
}

const refused = (path: string, message: string): FieldError[] => [{ path, message }];

const languages = ['en', 'id', 'es', 'fr', 'de', 'nl', 'it', 'pt', 'zh', 'ja', 'hi', 'ar'];
const gateways = ['midtrans', 'xendit', 'stripe', 'paypal', 'razorpay', 'mollie'];

const cases: Case[] = [
  // Item (OpenAPI `Item`)
  ...[0.01, 0.07, 0.29, 1, 12.5, 999998.99, 999999].map((quantity): Case => ({
    surface: 'generate body',
    title: `item quantity ${quantity} is accepted`,
    operationId: 'generateInvoice',
    input: { body: generateItem({ quantity }) },
  })),
  {
    surface: 'generate body',
    title: 'item quantity 0 is refused',
    operationId: 'generateInvoice',
    input: { body: generateItem({ quantity: 0 }) },
    errors: refused('body.items[0].quantity', 'must be at least 0.01'),
  },
  {
    surface: 'generate body',
    title: 'item quantity 1000000 is refused',
    operationId: 'generateInvoice',
    input: { body: generateItem({ quantity: 1000000 }) },
    errors: refused('body.items[0].quantity', 'must be at most 999999'),
  },
  ...[1.005, 0.015, 2.001].map((quantity): Case => ({
    surface: 'generate body',
    title: `item quantity ${quantity} (3 decimals) is refused`,
    operationId: 'generateInvoice',
    input: { body: generateItem({ quantity }) },
    errors: refused('body.items[0].quantity', 'must have at most 2 decimals'),
  })),
  {
    surface: 'generate body',
    title: 'item quantity 0.001 is refused for both its size and its decimals',
    operationId: 'generateInvoice',
    input: { body: generateItem({ quantity: 0.001 }) },
    errors: [
      { path: 'body.items[0].quantity', message: 'must be at least 0.01' },
      { path: 'body.items[0].quantity', message: 'must have at most 2 decimals' },
    ],
  },
  {
    surface: 'generate body',
    title: 'item quantity as a string is refused',
    operationId: 'generateInvoice',
    input: { body: generateItem({ quantity: '2' }) },
    errors: refused('body.items[0].quantity', 'must be a number'),
  },
  {
    surface: 'generate body',
    title: 'item without quantity is refused',
    operationId: 'generateInvoice',
    input: { body: generate({ items: [{ price: 1 }] }) },
    errors: refused('body.items[0].quantity', 'is required'),
  },
  {
    surface: 'generate body',
    title: 'item price 0 is accepted',
    operationId: 'generateInvoice',
    input: { body: generateItem({ price: 0 }) },
  },
  {
    surface: 'generate body',
    title: 'item price -0.01 is refused',
    operationId: 'generateInvoice',
    input: { body: generateItem({ price: -0.01 }) },
    errors: refused('body.items[0].price', 'must be at least 0'),
  },
  {
    surface: 'generate body',
    title: 'item discount 0 is accepted',
    operationId: 'generateInvoice',
    input: { body: generateItem({ discount: 0 }) },
  },
  {
    surface: 'generate body',
    title: 'item discount -1 is refused',
    operationId: 'generateInvoice',
    input: { body: generateItem({ discount: -1 }) },
    errors: refused('body.items[0].discount', 'must be at least 0'),
  },
  ...[0, 100].map((tax_rate): Case => ({
    surface: 'generate body',
    title: `item tax_rate ${tax_rate} is accepted`,
    operationId: 'generateInvoice',
    input: { body: generateItem({ tax_rate }) },
  })),
  {
    surface: 'generate body',
    title: 'item tax_rate 100.01 is refused',
    operationId: 'generateInvoice',
    input: { body: generateItem({ tax_rate: 100.01 }) },
    errors: refused('body.items[0].tax_rate', 'must be at most 100'),
  },
  {
    surface: 'generate body',
    title: 'item tax_rate -0.5 is refused',
    operationId: 'generateInvoice',
    input: { body: generateItem({ tax_rate: -0.5 }) },
    errors: refused('body.items[0].tax_rate', 'must be at least 0'),
  },
  {
    surface: 'generate body',
    title: 'an invalid third item is named by its index',
    operationId: 'generateInvoice',
    input: { body: generate({ items: [item, item, { ...item, quantity: 1.005 }] }) },
    errors: refused('body.items[2].quantity', 'must have at most 2 decimals'),
  },
  {
    surface: 'generate body',
    title: 'an unknown item field is refused',
    operationId: 'generateInvoice',
    input: { body: generateItem({ colour: 'red' }) },
    errors: refused('body.items[0].colour', 'is not allowed'),
  },
  {
    surface: 'generate body',
    title: 'item unit of 51 characters is refused',
    operationId: 'generateInvoice',
    input: { body: generateItem({ unit: 'u'.repeat(51) }) },
    errors: refused('body.items[0].unit', 'must be at most 50 characters'),
  },

  // Generate request (OpenAPI `generateInvoice`)
  {
    surface: 'generate body',
    title: 'the smallest request is accepted',
    operationId: 'generateInvoice',
    input: { body: generate() },
  },
  {
    surface: 'generate body',
    title: 'a missing body is refused once',
    operationId: 'generateInvoice',
    input: {},
    errors: refused('body', 'is required'),
  },
  {
    surface: 'generate body',
    title: 'a null body is refused',
    operationId: 'generateInvoice',
    input: { body: null },
    errors: refused('body', 'must be an object'),
  },
  {
    surface: 'generate body',
    title: 'an array body is refused',
    operationId: 'generateInvoice',
    input: { body: [generate()] },
    errors: refused('body', 'must be an object'),
  },
  {
    surface: 'generate body',
    title: 'missing customer_name is refused',
    operationId: 'generateInvoice',
    input: { body: { items: [item] } },
    errors: refused('body.customer_name', 'is required'),
  },
  ...['', '   '].map((customer_name): Case => ({
    surface: 'generate body',
    title: `customer_name ${JSON.stringify(customer_name)} is refused`,
    operationId: 'generateInvoice',
    input: { body: generate({ customer_name }) },
    errors: refused('body.customer_name', 'must not be blank'),
  })),
  {
    surface: 'generate body',
    title: 'customer_name of 201 characters is refused',
    operationId: 'generateInvoice',
    input: { body: generate({ customer_name: 'n'.repeat(201) }) },
    errors: refused('body.customer_name', 'must be at most 200 characters'),
  },
  {
    surface: 'generate body',
    title: 'empty items are refused',
    operationId: 'generateInvoice',
    input: { body: generate({ items: [] }) },
    errors: refused('body.items', 'must have at least 1 item'),
  },
  {
    surface: 'generate body',
    title: 'missing items are refused',
    operationId: 'generateInvoice',
    input: { body: { customer_name: 'Acme' } },
    errors: refused('body.items', 'is required'),
  },
  {
    surface: 'generate body',
    title: '500 items are accepted',
    operationId: 'generateInvoice',
    input: { body: generate({ items: Array.from({ length: 500 }, () => item) }) },
  },
  {
    surface: 'generate body',
    title: '501 items are refused',
    operationId: 'generateInvoice',
    input: { body: generate({ items: Array.from({ length: 501 }, () => item) }) },
    errors: refused('body.items', 'must have at most 500 items'),
  },
  {
    surface: 'generate body',
    title: 'an invalid customer_email is refused',
    operationId: 'generateInvoice',
    input: { body: generate({ customer_email: 'not-an-email' }) },
    errors: refused('body.customer_email', 'must be a valid email address'),
  },
  {
    surface: 'generate body',
    title: 'customer_tax_id of 40 characters is accepted',
    operationId: 'generateInvoice',
    input: { body: generate({ customer_tax_id: 't'.repeat(40) }) },
  },
  {
    surface: 'generate body',
    title: 'customer_tax_id of 41 characters is refused',
    operationId: 'generateInvoice',
    input: { body: generate({ customer_tax_id: 't'.repeat(41) }) },
    errors: refused('body.customer_tax_id', 'must be at most 40 characters'),
  },
  {
    surface: 'generate body',
    title: 'currency USD is accepted',
    operationId: 'generateInvoice',
    input: { body: generate({ currency: 'USD' }) },
  },
  ...['usd', 'US', 'USDT'].map((currency): Case => ({
    surface: 'generate body',
    title: `currency ${currency} is refused`,
    operationId: 'generateInvoice',
    input: { body: generate({ currency }) },
    errors: refused('body.currency', 'must be a 3-letter uppercase currency code'),
  })),
  ...[0, 100].map((tax_rate): Case => ({
    surface: 'generate body',
    title: `tax_rate ${tax_rate} is accepted`,
    operationId: 'generateInvoice',
    input: { body: generate({ tax_rate }) },
  })),
  {
    surface: 'generate body',
    title: 'tax_rate 100.01 is refused',
    operationId: 'generateInvoice',
    input: { body: generate({ tax_rate: 100.01 }) },
    errors: refused('body.tax_rate', 'must be at most 100'),
  },
  {
    surface: 'generate body',
    title: 'tax_rate -1 is refused',
    operationId: 'generateInvoice',
    input: { body: generate({ tax_rate: -1 }) },
    errors: refused('body.tax_rate', 'must be at least 0'),
  },
  {
    surface: 'generate body',
    title: 'discount_total 0 is accepted',
    operationId: 'generateInvoice',
    input: { body: generate({ discount_total: 0 }) },
  },
  {
    surface: 'generate body',
    title: 'discount_total -0.01 is refused',
    operationId: 'generateInvoice',
    input: { body: generate({ discount_total: -0.01 }) },
    errors: refused('body.discount_total', 'must be at least 0'),
  },
  ...['2026-02-28', '2028-02-29'].map((due_date): Case => ({
    surface: 'generate body',
    title: `due_date ${due_date} is accepted`,
    operationId: 'generateInvoice',
    input: { body: generate({ due_date }) },
  })),
  ...['2026-02-30', '2027-02-29', '2026-1-05', '2026-01-05T00:00:00Z'].map((due_date): Case => ({
    surface: 'generate body',
    title: `due_date ${due_date} is refused`,
    operationId: 'generateInvoice',
    input: { body: generate({ due_date }) },
    errors: refused('body.due_date', 'must be a valid date (YYYY-MM-DD)'),
  })),
  {
    surface: 'generate body',
    title: 'notes of 5001 characters are refused',
    operationId: 'generateInvoice',
    input: { body: generate({ notes: 'x'.repeat(5001) }) },
    errors: refused('body.notes', 'must be at most 5000 characters'),
  },
  ...languages.map((document_language): Case => ({
    surface: 'generate body',
    title: `document_language ${document_language} is accepted`,
    operationId: 'generateInvoice',
    input: { body: generate({ document_language }) },
  })),
  {
    surface: 'generate body',
    title: 'document_language xx is refused with the allowed values',
    operationId: 'generateInvoice',
    input: { body: generate({ document_language: 'xx' }) },
    errors: refused('body.document_language', 'must be one of: en, id, es, fr, de, nl, it, pt, zh, ja, hi, ar'),
  },
  ...gateways.map((payment_gateway): Case => ({
    surface: 'generate body',
    title: `payment_gateway ${payment_gateway} is accepted`,
    operationId: 'generateInvoice',
    input: { body: generate({ payment_gateway }) },
  })),
  {
    surface: 'generate body',
    title: 'payment_gateway square is refused',
    operationId: 'generateInvoice',
    input: { body: generate({ payment_gateway: 'square' }) },
    errors: refused('body.payment_gateway', 'must be one of: midtrans, xendit, stripe, paypal, razorpay, mollie'),
  },
  {
    surface: 'generate body',
    title: 'a misspelt field is refused by name',
    operationId: 'generateInvoice',
    input: { body: generate({ customer_nmae: 'Acme' }) },
    errors: refused('body.customer_nmae', 'is not allowed'),
  },
  {
    surface: 'generate body',
    title: 'an unknown field that is not an identifier is quoted in the path',
    operationId: 'generateInvoice',
    input: { body: generate({ 'due date': '2026-01-01' }) },
    errors: refused('body["due date"]', 'is not allowed'),
  },
  {
    surface: 'generate body',
    title: 'several problems are reported together',
    operationId: 'generateInvoice',
    input: { body: { customer_name: '', items: [{ ...item, price: -1 }], tax_rate: 101 } },
    errors: [
      { path: 'body.customer_name', message: 'must not be blank' },
      { path: 'body.items[0].price', message: 'must be at least 0' },
      { path: 'body.tax_rate', message: 'must be at most 100' },
    ],
  },

  // Recurring fields of generate (OpenAPI `generateInvoice`)
  {
    surface: 'generate recurring',
    title: 'a recurring invoice with interval and email is accepted',
    operationId: 'generateInvoice',
    input: { body: recurring() },
  },
  ...[2, 121].map((recurring_count): Case => ({
    surface: 'generate recurring',
    title: `recurring_count ${recurring_count} is accepted`,
    operationId: 'generateInvoice',
    input: { body: recurring({ recurring_count }) },
  })),
  {
    surface: 'generate recurring',
    title: 'recurring_count 1 is refused',
    operationId: 'generateInvoice',
    input: { body: recurring({ recurring_count: 1 }) },
    errors: refused('body.recurring_count', 'must be at least 2'),
  },
  {
    surface: 'generate recurring',
    title: 'recurring_count 122 is refused',
    operationId: 'generateInvoice',
    input: { body: recurring({ recurring_count: 122 }) },
    errors: refused('body.recurring_count', 'must be at most 121'),
  },
  {
    surface: 'generate recurring',
    title: 'recurring_count 2.5 is refused',
    operationId: 'generateInvoice',
    input: { body: recurring({ recurring_count: 2.5 }) },
    errors: refused('body.recurring_count', 'must be an integer'),
  },
  {
    surface: 'generate recurring',
    title: 'recurring_end_date alone is accepted',
    operationId: 'generateInvoice',
    input: { body: recurring({ recurring_end_date: '2027-06-30' }) },
  },
  {
    surface: 'generate recurring',
    title: 'recurring_interval daily is refused',
    operationId: 'generateInvoice',
    input: { body: recurring({ recurring_interval: 'daily' }) },
    errors: refused(
      'body.recurring_interval',
      'must be one of: weekly, fortnightly, monthly, quarterly, semi-annually, yearly',
    ),
  },
  {
    surface: 'generate recurring',
    title: 'is_recurring without recurring_interval is refused',
    operationId: 'generateInvoice',
    input: { body: generate({ is_recurring: true, customer_email: recurringFields.customer_email }) },
    errors: refused('body.recurring_interval', 'is required when is_recurring is true'),
  },
  {
    surface: 'generate recurring',
    title: 'is_recurring without customer_email is refused',
    operationId: 'generateInvoice',
    input: { body: generate({ is_recurring: true, recurring_interval: 'monthly' }) },
    errors: refused('body.customer_email', 'is required when is_recurring is true'),
  },
  {
    surface: 'generate recurring',
    title: 'is_recurring alone is refused for both missing fields',
    operationId: 'generateInvoice',
    input: { body: generate({ is_recurring: true }) },
    errors: [
      { path: 'body.recurring_interval', message: 'is required when is_recurring is true' },
      { path: 'body.customer_email', message: 'is required when is_recurring is true' },
    ],
  },
  {
    surface: 'generate recurring',
    title: 'recurring_count together with recurring_end_date is refused',
    operationId: 'generateInvoice',
    input: { body: recurring({ recurring_count: 4, recurring_end_date: '2027-06-30' }) },
    errors: refused('body.recurring_end_date', 'is not allowed together with recurring_count'),
  },
  {
    surface: 'generate recurring',
    title: 'recurring_interval without is_recurring is refused',
    operationId: 'generateInvoice',
    input: { body: generate({ recurring_interval: 'monthly' }) },
    errors: refused('body.recurring_interval', 'is only allowed when is_recurring is true'),
  },
  {
    surface: 'generate recurring',
    title: 'recurring fields with is_recurring false are refused',
    operationId: 'generateInvoice',
    input: { body: generate({ is_recurring: false, recurring_count: 4, recurring_end_date: '2027-06-30' }) },
    errors: [
      { path: 'body.recurring_count', message: 'is only allowed when is_recurring is true' },
      { path: 'body.recurring_end_date', message: 'is only allowed when is_recurring is true' },
    ],
  },
  {
    surface: 'generate recurring',
    title: 'is_recurring false alone is accepted',
    operationId: 'generateInvoice',
    input: { body: generate({ is_recurring: false }) },
  },

  // Idempotency-Key header (OpenAPI `generateInvoice`)
  ...[1, 255].map((length): Case => ({
    surface: 'Idempotency-Key header',
    title: `a key of ${length} characters is accepted`,
    operationId: 'generateInvoice',
    input: { body: generate(), headers: { 'idempotency-key': 'k'.repeat(length) } },
  })),
  {
    surface: 'Idempotency-Key header',
    title: 'every printable ASCII character is accepted',
    operationId: 'generateInvoice',
    input: {
      body: generate(),
      headers: {
        'idempotency-key': Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join(''),
      },
    },
  },
  {
    surface: 'Idempotency-Key header',
    title: 'a key of 256 characters is refused',
    operationId: 'generateInvoice',
    input: { body: generate(), headers: { 'idempotency-key': 'k'.repeat(256) } },
    errors: refused('headers.idempotency-key', 'must be at most 255 characters'),
  },
  {
    surface: 'Idempotency-Key header',
    title: 'an empty key is refused',
    operationId: 'generateInvoice',
    input: { body: generate(), headers: { 'idempotency-key': '' } },
    errors: refused('headers.idempotency-key', 'must not be empty'),
  },
  ...['order 42', 'order\t42', 'clé-42', 'key\u007f'].map((key): Case => ({
    surface: 'Idempotency-Key header',
    title: `key ${JSON.stringify(key)} is refused`,
    operationId: 'generateInvoice',
    input: { body: generate(), headers: { 'idempotency-key': key } },
    errors: refused('headers.idempotency-key', 'must contain only printable ASCII characters without spaces'),
  })),
  {
    surface: 'Idempotency-Key header',
    title: 'a repeated key is refused',
    operationId: 'generateInvoice',
    input: { body: generate(), headers: { 'idempotency-key': ['a', 'b'] } },
    errors: refused('headers.idempotency-key', 'must be given only once'),
  },

  // List queries (OpenAPI `listInvoices`, `listRecurring`)
  ...['1', '100'].map((pageSize): Case => ({
    surface: 'list invoices query',
    title: `pageSize ${pageSize} is accepted`,
    operationId: 'listInvoices',
    input: { query: { pageSize } },
  })),
  {
    surface: 'list invoices query',
    title: 'pageSize 0 is refused',
    operationId: 'listInvoices',
    input: { query: { pageSize: '0' } },
    errors: refused('query.pageSize', 'must be at least 1'),
  },
  {
    surface: 'list invoices query',
    title: 'pageSize 101 is refused',
    operationId: 'listInvoices',
    input: { query: { pageSize: '101' } },
    errors: refused('query.pageSize', 'must be at most 100'),
  },
  {
    surface: 'list invoices query',
    title: 'page 0 is refused',
    operationId: 'listInvoices',
    input: { query: { page: '0' } },
    errors: refused('query.page', 'must be at least 1'),
  },
  ...['1.5', 'abc', ''].map((page): Case => ({
    surface: 'list invoices query',
    title: `page ${JSON.stringify(page)} is refused`,
    operationId: 'listInvoices',
    input: { query: { page } },
    errors: refused('query.page', 'must be an integer'),
  })),
  {
    surface: 'list invoices query',
    title: 'a repeated page is refused',
    operationId: 'listInvoices',
    input: { query: { page: ['1', '2'] } },
    errors: refused('query.page', 'must be given only once'),
  },
  ...['unpaid', 'paid', 'overdue', 'cancelled'].map((status): Case => ({
    surface: 'list invoices query',
    title: `status ${status} is accepted`,
    operationId: 'listInvoices',
    input: { query: { status } },
  })),
  {
    surface: 'list invoices query',
    title: 'status void is refused',
    operationId: 'listInvoices',
    input: { query: { status: 'void' } },
    errors: refused('query.status', 'must be one of: unpaid, paid, overdue, cancelled'),
  },
  {
    surface: 'list invoices query',
    title: 'a misspelt parameter is refused by name',
    operationId: 'listInvoices',
    input: { query: { page_size: '10' } },
    errors: refused('query.page_size', 'is not allowed'),
  },
  ...['active', 'paused', 'completed', 'draft'].map((status): Case => ({
    surface: 'list recurring query',
    title: `status ${status} is accepted`,
    operationId: 'listRecurring',
    input: { query: { status } },
  })),
  {
    surface: 'list recurring query',
    title: 'status unpaid is refused',
    operationId: 'listRecurring',
    input: { query: { status: 'unpaid' } },
    errors: refused('query.status', 'must be one of: active, paused, completed, draft'),
  },
  {
    surface: 'list recurring query',
    title: 'pageSize 101 is refused',
    operationId: 'listRecurring',
    input: { query: { pageSize: '101' } },
    errors: refused('query.pageSize', 'must be at most 100'),
  },
  {
    surface: 'list templates query',
    title: 'a query string is ignored on an endpoint without parameters',
    operationId: 'listTemplates',
    input: { query: { anything: '1' } },
  },

  // Path id (docs/architecture.md#ids)
  ...['a', 'A-z_09', 'x'.repeat(64)].map((value): Case => ({
    surface: 'path id',
    title: `id of ${value.length} allowed characters (${value.slice(0, 8)}) is accepted`,
    operationId: 'getInvoice',
    input: { params: { id: value } },
  })),
  ...['x'.repeat(65), 'a.b', 'a b', '', 'ä'].map((value): Case => ({
    surface: 'path id',
    title: `id ${JSON.stringify(value.length > 8 ? `${value.slice(0, 8)}…(${value.length})` : value)} is refused`,
    operationId: 'getInvoice',
    input: { params: { id: value } },
    errors: refused('params.id', 'must be 1 to 64 characters: letters, digits, _ or -'),
  })),
  {
    surface: 'path id',
    title: 'a recurring series id is checked the same way',
    operationId: 'getRecurring',
    input: { params: { id: 'rs.1' } },
    errors: refused('params.id', 'must be 1 to 64 characters: letters, digits, _ or -'),
  },

  // Invoice management bodies (OpenAPI `updateInvoiceStatus`, `archiveInvoice`, `getInvoicePdf`)
  ...['unpaid', 'paid', 'overdue', 'cancelled'].map((status): Case => ({
    surface: 'invoice status body',
    title: `status ${status} is accepted`,
    operationId: 'updateInvoiceStatus',
    input: { params: id, body: { status } },
  })),
  {
    surface: 'invoice status body',
    title: 'status refunded is refused',
    operationId: 'updateInvoiceStatus',
    input: { params: id, body: { status: 'refunded' } },
    errors: refused('body.status', 'must be one of: unpaid, paid, overdue, cancelled'),
  },
  {
    surface: 'invoice status body',
    title: 'an empty body is refused',
    operationId: 'updateInvoiceStatus',
    input: { params: id, body: {} },
    errors: refused('body.status', 'is required'),
  },
  {
    surface: 'invoice status body',
    title: 'a missing body is refused',
    operationId: 'updateInvoiceStatus',
    input: { params: id },
    errors: refused('body', 'is required'),
  },
  ...[true, false].map((is_archived): Case => ({
    surface: 'archive body',
    title: `is_archived ${is_archived} is accepted`,
    operationId: 'archiveInvoice',
    input: { params: id, body: { is_archived } },
  })),
  {
    surface: 'archive body',
    title: 'is_archived "true" is refused',
    operationId: 'archiveInvoice',
    input: { params: id, body: { is_archived: 'true' } },
    errors: refused('body.is_archived', 'must be a boolean'),
  },
  {
    surface: 'archive body',
    title: 'missing is_archived is refused',
    operationId: 'archiveInvoice',
    input: { params: id, body: {} },
    errors: refused('body.is_archived', 'is required'),
  },
  {
    surface: 'pdf body',
    title: 'a missing body is accepted',
    operationId: 'getInvoicePdf',
    input: { params: id },
  },
  {
    surface: 'pdf body',
    title: 'force true is accepted',
    operationId: 'getInvoicePdf',
    input: { params: id, body: { force: true } },
  },
  {
    surface: 'pdf body',
    title: 'force "yes" is refused',
    operationId: 'getInvoicePdf',
    input: { params: id, body: { force: 'yes' } },
    errors: refused('body.force', 'must be a boolean'),
  },
  {
    surface: 'pdf body',
    title: 'an unknown field is refused',
    operationId: 'getInvoicePdf',
    input: { params: id, body: { regenerate: true } },
    errors: refused('body.regenerate', 'is not allowed'),
  },

  // Recurring management bodies (OpenAPI `updateRecurringStatus`, `extendRecurring`,
  // `changeRecurringFrequency`, `skipRecurringOccurrence`)
  ...['active', 'paused'].map((status): Case => ({
    surface: 'recurring status body',
    title: `status ${status} is accepted`,
    operationId: 'updateRecurringStatus',
    input: { params: seriesId, body: { status } },
  })),
  {
    surface: 'recurring status body',
    title: 'status completed is refused',
    operationId: 'updateRecurringStatus',
    input: { params: seriesId, body: { status: 'completed' } },
    errors: refused('body.status', 'must be one of: active, paused'),
  },
  ...[1, 120].map((count): Case => ({
    surface: 'extend body',
    title: `count ${count} is accepted`,
    operationId: 'extendRecurring',
    input: { params: seriesId, body: { count } },
  })),
  {
    surface: 'extend body',
    title: 'count 0 is refused',
    operationId: 'extendRecurring',
    input: { params: seriesId, body: { count: 0 } },
    errors: refused('body.count', 'must be at least 1'),
  },
  {
    surface: 'extend body',
    title: 'count 121 is refused',
    operationId: 'extendRecurring',
    input: { params: seriesId, body: { count: 121 } },
    errors: refused('body.count', 'must be at most 120'),
  },
  {
    surface: 'extend body',
    title: 'count 1.5 is refused',
    operationId: 'extendRecurring',
    input: { params: seriesId, body: { count: 1.5 } },
    errors: refused('body.count', 'must be an integer'),
  },
  {
    surface: 'extend body',
    title: 'end_date alone is accepted',
    operationId: 'extendRecurring',
    input: { params: seriesId, body: { end_date: '2027-12-31' } },
  },
  {
    surface: 'extend body',
    title: 'an invalid end_date is refused',
    operationId: 'extendRecurring',
    input: { params: seriesId, body: { end_date: '2027-12-32' } },
    errors: refused('body.end_date', 'must be a valid date (YYYY-MM-DD)'),
  },
  {
    surface: 'extend body',
    title: 'count together with end_date is refused',
    operationId: 'extendRecurring',
    input: { params: seriesId, body: { count: 2, end_date: '2027-12-31' } },
    errors: refused('body.end_date', 'is not allowed together with count'),
  },
  {
    surface: 'extend body',
    title: 'neither count nor end_date is refused',
    operationId: 'extendRecurring',
    input: { params: seriesId, body: {} },
    errors: refused('body', 'must have count or end_date'),
  },
  {
    surface: 'frequency body',
    title: 'frequency, start_date and count are accepted',
    operationId: 'changeRecurringFrequency',
    input: { params: seriesId, body: { frequency: 'quarterly', start_date: '2027-01-01', count: 4 } },
  },
  {
    surface: 'frequency body',
    title: 'frequency, start_date and end_date are accepted',
    operationId: 'changeRecurringFrequency',
    input: { params: seriesId, body: { frequency: 'weekly', start_date: '2027-01-01', end_date: '2027-06-30' } },
  },
  {
    surface: 'frequency body',
    title: 'count together with end_date is refused',
    operationId: 'changeRecurringFrequency',
    input: {
      params: seriesId,
      body: { frequency: 'weekly', start_date: '2027-01-01', count: 3, end_date: '2027-06-30' },
    },
    errors: refused('body.end_date', 'is not allowed together with count'),
  },
  {
    surface: 'frequency body',
    title: 'neither count nor end_date is refused',
    operationId: 'changeRecurringFrequency',
    input: { params: seriesId, body: { frequency: 'weekly', start_date: '2027-01-01' } },
    errors: refused('body', 'must have count or end_date'),
  },
  {
    surface: 'frequency body',
    title: 'missing frequency and start_date are refused',
    operationId: 'changeRecurringFrequency',
    input: { params: seriesId, body: { count: 3 } },
    errors: [
      { path: 'body.frequency', message: 'is required' },
      { path: 'body.start_date', message: 'is required' },
    ],
  },
  {
    surface: 'frequency body',
    title: 'count 121 is refused',
    operationId: 'changeRecurringFrequency',
    input: { params: seriesId, body: { frequency: 'weekly', start_date: '2027-01-01', count: 121 } },
    errors: refused('body.count', 'must be at most 120'),
  },
  {
    surface: 'skip body',
    title: 'a date is accepted',
    operationId: 'skipRecurringOccurrence',
    input: { params: seriesId, body: { date: '2026-08-01' } },
  },
  {
    surface: 'skip body',
    title: 'a missing date is refused',
    operationId: 'skipRecurringOccurrence',
    input: { params: seriesId, body: {} },
    errors: refused('body.date', 'is required'),
  },
  {
    surface: 'skip body',
    title: 'month 13 is refused',
    operationId: 'skipRecurringOccurrence',
    input: { params: seriesId, body: { date: '2026-13-01' } },
    errors: refused('body.date', 'must be a valid date (YYYY-MM-DD)'),
  },
];

for (const { surface, title, operationId, input, errors } of cases) {
  test(`${surface}: ${title}`, (t) => {
    t.deepEqual(errorsOf(operationId, input), errors ?? []);
  });
}

test('validation error: is an AppError of kind validation with status 400', (t) => {
  const err = t.throws(() => validate('generateInvoice', { body: generate({ tax_rate: 101 }) }));
  t.true(AppError.isKind(err, 'validation'));
  t.is((err as AppError).status, 400);
  t.is(err?.name, 'ValidationError');
});

test('list invoices query: text is coerced and defaults are filled in', (t) => {
  t.deepEqual(validate('listInvoices', { query: { pageSize: '10', status: 'paid' } }).query, {
    status: 'paid',
    page: 1,
    pageSize: 10,
  });
  t.deepEqual(validate('listRecurring', { query: {} }).query, { page: 1, pageSize: 25 });
});

test('generate body: the documented defaults are filled in on a copy, the received body is untouched', (t) => {
  const body = generate();
  const received = structuredClone(body);
  const result = validate('generateInvoice', { body });
  t.deepEqual(body, received);
  t.deepEqual(result.body, {
    customer_name: 'Acme',
    items: [{ ...item, discount: 0 }],
    currency: 'IDR',
    tax_rate: 0,
    discount_total: 0,
    document_language: 'en',
  });
  t.false('recurring_count' in (result.body as object), 'recurring_count has no default outside a series');
});

test('generate body: a number given as text is not coerced', (t) => {
  t.deepEqual(errorsOf('generateInvoice', { body: generate({ tax_rate: '10' }) }), [
    { path: 'body.tax_rate', message: 'must be a number' },
  ]);
});

test('Idempotency-Key header: the valid key is returned, and none when absent', (t) => {
  t.is(
    validate('generateInvoice', { body: generate(), headers: { 'idempotency-key': 'order-42' } }).idempotencyKey,
    'order-42',
  );
  t.false('idempotencyKey' in validate('generateInvoice', { body: generate() }));
});

test('Idempotency-Key header: ignored on routes without idempotency', (t) => {
  t.notThrows(() => validate('getInvoice', { params: id, headers: { 'idempotency-key': 'has space' } }));
});

test('pdf body: a missing body becomes {force: false}', (t) => {
  t.deepEqual(validate('getInvoicePdf', { params: id }).body, { force: false });
});

test('path id: params are returned validated', (t) => {
  t.deepEqual(validate('getInvoice', { params: id }).params, id);
});

test('validation error: params, query, header and body problems are reported in one error', (t) => {
  t.deepEqual(errorsOf('generateInvoice', { headers: { 'idempotency-key': '' }, body: { items: [] } }), [
    { path: 'headers.idempotency-key', message: 'must not be empty' },
    { path: 'body.customer_name', message: 'is required' },
    { path: 'body.items', message: 'must have at least 1 item' },
  ]);
});

test('generate body: quantity decimals are checked without float error over the whole range', (t) => {
  const validButRefused: number[] = [];
  const invalidButAccepted: number[] = [];
  // Every 2-decimal value near both ends and in the middle, as JSON.parse would produce it.
  const hundredths = [
    ...Array.from({ length: 20000 }, (_, i) => i + 1),
    ...Array.from({ length: 20000 }, (_, i) => 50_000_000 + i),
    ...Array.from({ length: 20000 }, (_, i) => 99_999_900 - i),
  ];
  for (const k of hundredths) {
    const quantity = Number(`${Math.trunc(k / 100)}.${String(k % 100).padStart(2, '0')}`);
    if (errorsOf('generateInvoice', { body: generateItem({ quantity }) }).length > 0) validButRefused.push(quantity);
    const third = Number(`${quantity.toFixed(2)}5`);
    if (third <= 999999 && errorsOf('generateInvoice', { body: generateItem({ quantity: third }) }).length === 0) {
      invalidButAccepted.push(third);
    }
  }
  t.deepEqual(validButRefused, []);
  t.deepEqual(invalidButAccepted, []);
});

test('routes: operationIds are unique, and every declared operation has its route', (t) => {
  t.is(validators.size, publicRoutes.length);
  t.deepEqual([...validators.keys()].sort(), [...operationIds].sort());
});
