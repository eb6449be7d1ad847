import test from 'ava';
import { AppError, type FieldError } from '@invoice-platform/common/errors';
import { creditNoteRequest, paymentRequest } from '../../src/http/money-trail-request.ts';
import type { IssueCreditNoteBody, RecordPaymentBody } from '../../src/http/schemas/money-trail.ts';
import { type OperationId, publicRoutes } from '../../src/http/schemas/routes.ts';
import { compileRoute, type RequestParts } from '../../src/http/validation.ts';

// The money trail's request bodies (docs/money-trail.md) as the public API and the admin API
// validate them: every field a client can get wrong is named, with what to fix.

const validators = new Map(publicRoutes.map((route) => [route.operationId, compileRoute(route)]));

function errorsOf(operationId: OperationId, input: Partial<RequestParts>): FieldError[] {
  try {
    validators
      .get(operationId)!
      .validate({ params: { id: 'inv_abc' }, query: {}, headers: {}, body: undefined, ...input });
    return [];
  } catch (err) {
    if (!AppError.isKind(err, 'validation')) throw err;
    return (err.details as { errors: FieldError[] }).errors;
  }
}

const item = { description: 'Refund', quantity: 1, price: 50000 };
const refused = (path: string, message: string): FieldError[] => [{ path, message }];

const cases: { title: string; operationId: OperationId; input: Partial<RequestParts>; errors?: FieldError[] }[] = [
  // issueCreditNote
  { title: 'a reason alone', operationId: 'issueCreditNote', input: { body: { reason: 'Cancelled order' } } },
  {
    title: 'a reason and items, each with its own tax rate and category',
    operationId: 'issueCreditNote',
    input: { body: { reason: 'r', items: [{ ...item, tax_rate: 19, tax_category: 'S' }, item] } },
  },
  { title: 'reason of 500 characters', operationId: 'issueCreditNote', input: { body: { reason: 'x'.repeat(500) } } },
  {
    title: 'no body',
    operationId: 'issueCreditNote',
    input: {},
    errors: refused('body', 'is required'),
  },
  {
    title: 'no reason',
    operationId: 'issueCreditNote',
    input: { body: { items: [item] } },
    errors: refused('body.reason', 'is required'),
  },
  {
    title: 'a blank reason',
    operationId: 'issueCreditNote',
    input: { body: { reason: '   ' } },
    errors: refused('body.reason', 'must not be blank'),
  },
  {
    title: 'reason of 501 characters',
    operationId: 'issueCreditNote',
    input: { body: { reason: 'x'.repeat(501) } },
    errors: refused('body.reason', 'must be at most 500 characters'),
  },
  {
    title: 'empty items',
    operationId: 'issueCreditNote',
    input: { body: { reason: 'r', items: [] } },
    errors: refused('body.items', 'must have at least 1 item'),
  },
  {
    title: 'items not a list',
    operationId: 'issueCreditNote',
    input: { body: { reason: 'r', items: item } },
    errors: refused('body.items', 'must be an array'),
  },
  {
    title: 'an item of quantity 0',
    operationId: 'issueCreditNote',
    input: { body: { reason: 'r', items: [item, { ...item, quantity: 0 }] } },
    errors: refused('body.items[1].quantity', 'must be at least 0.01'),
  },
  {
    title: 'an item price as text',
    operationId: 'issueCreditNote',
    input: { body: { reason: 'r', items: [{ ...item, price: '50000' }] } },
    errors: refused('body.items[0].price', 'must be a number'),
  },
  {
    title: 'a field the body does not have',
    operationId: 'issueCreditNote',
    input: { body: { reason: 'r', amount: 10 } },
    errors: refused('body.amount', 'is not allowed'),
  },
  {
    title: 'an Idempotency-Key with a space',
    operationId: 'issueCreditNote',
    input: { body: { reason: 'r' }, headers: { 'idempotency-key': 'a b' } },
    errors: refused('headers.idempotency-key', 'must contain only printable ASCII characters without spaces'),
  },
  {
    title: 'a malformed invoice id',
    operationId: 'issueCreditNote',
    input: { params: { id: 'inv_$ne' }, body: { reason: 'r' } },
    errors: refused('params.id', 'must be 1 to 64 characters: letters, digits, _ or -'),
  },
  // recordPayment
  { title: 'an amount alone', operationId: 'recordPayment', input: { body: { amount: 100.5 } } },
  {
    title: 'every field',
    operationId: 'recordPayment',
    input: {
      body: { amount: 1, method: 'bank_transfer', reference: 'TRX-1', paid_at: '2026-01-02T10:00:00Z' },
    },
  },
  ...['bank_transfer', 'cash', 'card', 'other'].map((method) => ({
    title: `method ${method}`,
    operationId: 'recordPayment' as const,
    input: { body: { amount: 1, method } },
  })),
  {
    title: 'no amount',
    operationId: 'recordPayment',
    input: { body: {} },
    errors: refused('body.amount', 'is required'),
  },
  {
    title: 'amount 0',
    operationId: 'recordPayment',
    input: { body: { amount: 0 } },
    errors: refused('body.amount', 'must be greater than 0'),
  },
  {
    title: 'a negative amount',
    operationId: 'recordPayment',
    input: { body: { amount: -5 } },
    errors: refused('body.amount', 'must be greater than 0'),
  },
  {
    title: 'an amount as text',
    operationId: 'recordPayment',
    input: { body: { amount: '100' } },
    errors: refused('body.amount', 'must be a number'),
  },
  {
    title: 'an amount past the money limit',
    operationId: 'recordPayment',
    input: { body: { amount: 1_000_000_000_001 } },
    errors: refused('body.amount', 'must be at most 1000000000000'),
  },
  {
    title: 'method online (only a provider takes one)',
    operationId: 'recordPayment',
    input: { body: { amount: 1, method: 'online' } },
    errors: refused('body.method', 'must be one of: bank_transfer, cash, card, other'),
  },
  {
    title: 'an empty reference',
    operationId: 'recordPayment',
    input: { body: { amount: 1, reference: '' } },
    errors: refused('body.reference', 'must not be empty'),
  },
  {
    title: 'a reference of 201 characters',
    operationId: 'recordPayment',
    input: { body: { amount: 1, reference: 'r'.repeat(201) } },
    errors: refused('body.reference', 'must be at most 200 characters'),
  },
  {
    title: 'paid_at a date without time',
    operationId: 'recordPayment',
    input: { body: { amount: 1, paid_at: '2026-01-02' } },
    errors: refused('body.paid_at', 'must be a valid date-time (RFC 3339)'),
  },
  {
    title: 'an operator as the amount',
    operationId: 'recordPayment',
    input: { body: { amount: { $gt: 0 } } },
    errors: refused('body.amount', 'must be a number'),
  },
];

for (const c of cases) {
  test(`${c.operationId} body: ${c.title} ${c.errors ? 'is refused naming the field' : 'is accepted'}`, (t) => {
    t.deepEqual(errorsOf(c.operationId, c.input), c.errors ?? []);
  });
}

test('creditNoteRequest: money as exact decimal text, no items for the whole creditable amount, the key and fingerprint together', (t) => {
  const body: IssueCreditNoteBody = { reason: 'Wrong rate', items: [{ ...item, price: 0.1, tax_rate: 19 }] };
  t.like(creditNoteRequest('ws1', 'inv_1', 'api', body, 'k1', 'fp'), {
    workspace_id: 'ws1',
    invoice_id: 'inv_1',
    source: 'api',
    idempotency_key: 'k1',
    request_fingerprint: 'fp',
    reason: 'Wrong rate',
    items: [{ description: 'Refund', quantity: '1', price: '0.1', tax_rate: '19' }],
  });
  const whole = creditNoteRequest('ws1', 'inv_1', 'dashboard', { reason: 'All' }, undefined, 'fp');
  t.deepEqual(whole.items, []);
  t.is(whole.idempotency_key, undefined);
  t.is(whole.request_fingerprint, undefined, 'no fingerprint without a key');
});

test('paymentRequest: the amount as exact decimal text, optional fields left unset', (t) => {
  const body: RecordPaymentBody = { amount: 0.3, method: 'cash' };
  t.like(paymentRequest('ws1', 'inv_1', 'api', body, undefined, 'fp'), {
    amount: '0.3',
    method: 'cash',
    reference: undefined,
    paid_at: undefined,
  });
  t.is(paymentRequest('ws1', 'inv_1', 'api', { amount: 1234567.89 }, 'k', 'fp').amount, '1234567.89');
});
