import { AppError, type FieldError } from '@invoice-platform/common/errors';
import type { Invoice__Output } from '@invoice-platform/protos/invoiceplatform/invoice/v1/Invoice';
import test, { type ExecutionContext } from 'ava';
import { followUpRequest } from '../../src/domain/follow-up-request.ts';
import { newSeries } from '../../src/domain/new-series.ts';
import { newOccurrence } from '../../src/domain/occurrences.ts';
import type { OccurrenceDoc, SeriesContent, SeriesDoc } from '../../src/domain/records.ts';
import {
  checkContentEdit,
  type ContentEditInput,
  contentOfFirstInvoice,
  editedContent,
  planContentEdit,
} from '../../src/domain/series-content.ts';
import { deletionView, planDeletion } from '../../src/domain/series-deletion.ts';

const now = new Date('2027-01-20T00:00:00Z');
const { series } = newSeries(
  {
    workspace_id: 'WSEDIT',
    series_id: 'rs_edit',
    source_invoice_id: 'inv_1',
    invoice_number: 'INV-WSEDIT-202701-0001',
    frequency: 'monthly',
    count: 4,
    anchor_date: '2027-01-31T02:00:00.000Z',
    first_due_date: '2027-02-14',
    customer_name: 'PT Lama',
    customer_email: 'lama@example.test',
    currency: 'IDR',
    amount: '111000',
    document_language: 'en',
    time_zone: 'Asia/Jakarta',
  },
  now,
);

/** The first invoice as GetInvoice answers it (only what the content reads matters). */
const first = {
  id: 'inv_1',
  customer_name: 'PT Lama',
  customer_email: 'lama@example.test',
  customer_tax_id: '01.234.567.8-901.000',
  currency: 'IDR',
  tax_rate: '11',
  discount_total: '0',
  amount: '111000',
  notes: 'Thank you',
  custom_payment_notes: 'BCA 123',
  footer_text: 'Footer',
  document_language: 'en',
  requested_template: 'tpl_1',
  payment_gateway: 'midtrans',
  payment_account: undefined,
  items: [
    {
      description: 'Retainer',
      quantity: '1',
      price: '100000',
      discount: '0',
      unit: 'month',
      line_amount: '100000',
      discount_share: '0',
      effective_tax_rate: '11',
    },
  ],
} as unknown as Invoice__Output;

const base: SeriesContent = contentOfFirstInvoice(series, first);
const occ = (local: string, extra: Partial<OccurrenceDoc> = {}) => newOccurrence(series, local, 'pending', extra);
const occurrences = [
  occ('2027-01-31', { status: 'sent', invoice_id: 'inv_1' }),
  occ('2027-02-28', { status: 'sent', invoice_id: 'inv_2' }),
  occ('2027-03-31', { invoice_id: 'inv_3' }), // generated, its email still to go
  occ('2027-04-30'),
  occ('2027-05-31', { status: 'failed' }),
];
const upcoming = ['rs_edit:2027-04-30', 'rs_edit:2027-05-31'];

function refusal(t: ExecutionContext, fn: () => unknown): { kind: string; message: string; errors: FieldError[] } {
  const err = t.throws(fn);
  t.true(err instanceof AppError, String(err));
  const e = err as AppError;
  return { kind: e.kind, message: e.message, errors: (e.details?.errors ?? []) as FieldError[] };
}

test('contentOfFirstInvoice: what follow-ups have always copied, sent to the series email', (t) => {
  t.deepEqual(base, {
    customer_name: 'PT Lama',
    customer_email: 'lama@example.test',
    items: [{ description: 'Retainer', quantity: '1', price: '100000', discount: '0', unit: 'month' }],
    currency: 'IDR',
    tax_rate: '11',
    discount_total: '0',
    notes: 'Thank you',
    document_language: 'en',
  });
});

const accepted: [string, ContentEditInput, Partial<SeriesContent>][] = [
  ['one field', { notes: 'New terms' }, { notes: 'New terms' }],
  ['notes "" removes them', { notes: '' }, { notes: null }],
  ['the name is trimmed', { customer_name: '  PT Baru ' }, { customer_name: 'PT Baru' }],
  [
    'several fields, unset ones left out',
    { currency: 'USD', tax_rate: '0', customer_email: 'new@example.test', items: undefined },
    { currency: 'USD', tax_rate: '0', customer_email: 'new@example.test' },
  ],
  ['a document language of the list', { document_language: 'ar' }, { document_language: 'ar' }],
];
for (const [title, input, expected] of accepted) {
  test(`checkContentEdit accepts ${title}`, (t) => {
    t.deepEqual(checkContentEdit(input), expected);
  });
}

const refused: [string, ContentEditInput, FieldError[]][] = [
  [
    'an edit of nothing',
    {},
    [
      {
        path: 'body',
        message:
          'must set at least one of: customer_name, customer_email, items, currency, tax_rate, discount_total, notes, document_language',
      },
    ],
  ],
  ['a blank name', { customer_name: '   ' }, [{ path: 'body.customer_name', message: 'must not be blank' }]],
  [
    'a name too long',
    { customer_name: 'x'.repeat(201) },
    [{ path: 'body.customer_name', message: 'must be at most 200 characters' }],
  ],
  [
    'an email without an address (follow-ups are emailed there)',
    { customer_email: '' },
    [{ path: 'body.customer_email', message: 'must be a valid email address' }],
  ],
  ['no items', { items: [] }, [{ path: 'body.items', message: 'must have at least 1 item' }]],
  [
    'too many items',
    { items: Array.from({ length: 501 }, () => ({ description: '', quantity: '1', price: '1' })) },
    [{ path: 'body.items', message: 'must have at most 500 items' }],
  ],
  [
    'a language not in the list, with a long note, all at once',
    { document_language: 'xx', notes: 'n'.repeat(5001) },
    [
      { path: 'body.notes', message: 'must be at most 5000 characters' },
      { path: 'body.document_language', message: 'must be one of: en, id, es, fr, de, nl, it, pt, zh, ja, hi, ar' },
    ],
  ],
];
for (const [title, input, errors] of refused) {
  test(`checkContentEdit refuses ${title}`, (t) => {
    const r = refusal(t, () => checkContentEdit(input));
    t.is(r.kind, 'validation');
    t.deepEqual(r.errors, errors);
  });
}

const totals: [string, Partial<SeriesContent>, string][] = [
  // 2 × 150000 = 300000, tax 11% = 33000
  [
    'new items keep the invoice tax rate',
    { items: [{ description: 'Bigger', quantity: '2', price: '150000' }] },
    '333000',
  ],
  // 100000, tax 0
  ['a new tax rate on the old items', { tax_rate: '0' }, '100000'],
  // (100000 − 10000) × 1.11 = 99900
  ['a discount on the old items', { discount_total: '10000' }, '99900'],
  // 1 × 100000 USD at 11% = 111000.00: the same items read in a currency with cents
  ['a new currency prints to its minor units', { currency: 'USD' }, '111000.00'],
  [
    'items with a line discount and their own rate, in euros',
    {
      currency: 'EUR',
      tax_rate: '19',
      items: [
        { description: 'A', quantity: '3', price: '19.99', discount: '0.97' },
        { description: 'B', quantity: '1', price: '10', tax_rate: '7' },
      ],
    },
    // 59.97 − 0.97 = 59.00 × 19% = 11.21; 10 × 7% = 0.70; 69.00 + 11.91 = 80.91
    '80.91',
  ],
];
for (const [title, edit, amount] of totals) {
  test(`editedContent: ${title}`, (t) => {
    const result = editedContent(base, edit);
    t.is(result.amount, amount);
    t.deepEqual(result.content, { ...base, ...edit }, 'the edit on top of the content it had');
  });
}

const moneyRefusals: [string, Partial<SeriesContent>, FieldError[]][] = [
  [
    'a discount over the subtotal of the items the series keeps',
    { discount_total: '100001' },
    [{ path: 'body.discount_total', message: 'must not exceed the subtotal' }],
  ],
  [
    'a currency outside the table',
    { currency: 'XAU' },
    [{ path: 'body.currency', message: 'must be an ISO 4217 currency code with minor units' }],
  ],
  [
    'a line discount over its line',
    { items: [{ description: '', quantity: '1', price: '5', discount: '6' }] },
    [{ path: 'body.items[0].discount', message: 'must not exceed quantity × price' }],
  ],
];
for (const [title, edit, errors] of moneyRefusals) {
  test(`editedContent refuses ${title}`, (t) => {
    const r = refusal(t, () => editedContent(base, edit));
    t.is(r.kind, 'validation');
    t.deepEqual(r.errors, errors);
  });
}

test('planContentEdit: the series shows the new figures; its content is whole', (t) => {
  const edit = { customer_name: 'PT Baru', items: [{ description: 'X', quantity: '3', price: '1000' }] };
  const patch = planContentEdit(series, occurrences, upcoming, base, edit);
  t.deepEqual(patch, {
    content: { ...base, ...edit },
    customer_name: 'PT Baru',
    customer_email: 'lama@example.test',
    currency: 'IDR',
    amount: '3330',
    document_language: 'en',
  });
  // A second edit builds on the first.
  const edited: SeriesDoc = { ...series, ...patch };
  const again = planContentEdit(edited, occurrences, upcoming, edited.content!, { notes: null });
  t.deepEqual(again.content, { ...base, ...edit, notes: null });
  t.is(again.amount, '3330');
});

test('planContentEdit refuses a completed series, and decides again when an occurrence to generate is not held', (t) => {
  const completed = refusal(t, () =>
    planContentEdit({ ...series, status: 'completed' }, occurrences, [], base, { notes: 'x' }),
  );
  t.is(completed.kind, 'application');
  t.regex(completed.message, /completed: no occurrence is left to generate.*Extend the series first/);
  // A paused series still has occurrences to generate: it can be edited.
  t.is(
    planContentEdit({ ...series, status: 'paused' }, occurrences, upcoming, base, { notes: 'x' }).content?.notes,
    'x',
  );
  for (const held of [[], [upcoming[0]!], [upcoming[1]!]]) {
    const r = refusal(t, () => planContentEdit(series, occurrences, held, base, { notes: 'x' }));
    t.is(r.kind, 'conflict', `held: ${held.join(', ')}`);
  }
  // Occurrences that produced an invoice need no hold: their content is settled.
  t.truthy(planContentEdit(series, occurrences.slice(0, 3), [], base, { notes: 'x' }));
});

test('followUpRequest: an edited series is generated from its content, the rest from the first invoice', (t) => {
  const next = occurrences[3]!;
  const unedited = followUpRequest(series, next, first);
  t.like(unedited, {
    customer_name: 'PT Lama',
    customer_email: 'lama@example.test',
    currency: 'IDR',
    tax_rate: '11',
    notes: 'Thank you',
    items: base.items,
  });
  const content: SeriesContent = {
    ...base,
    customer_name: 'PT Baru',
    customer_email: 'baru@example.test',
    items: [{ description: 'New', quantity: '2', price: '9.5', tax_rate: '5' }],
    currency: 'USD',
    tax_rate: '0',
    discount_total: '1',
    notes: null,
    document_language: 'de',
  };
  const edited = followUpRequest({ ...series, content }, next, first);
  t.like(edited, {
    customer_name: 'PT Baru',
    customer_email: 'baru@example.test',
    items: content.items,
    currency: 'USD',
    tax_rate: '0',
    discount_total: '1',
    notes: undefined,
    document_language: 'de',
    // Not editable: always the first invoice's.
    customer_tax_id: '01.234.567.8-901.000',
    custom_payment_notes: 'BCA 123',
    footer_text: 'Footer',
    template: 'tpl_1',
    payment_gateway: 'midtrans',
    occurrence_date: '2027-04-30',
    series_id: 'rs_edit',
  });
});

test('planDeletion: deleted once; a repeat changes nothing; every occurrence to generate must be held', (t) => {
  t.deepEqual(planDeletion(series, occurrences, upcoming, now), {
    status: 'deleted',
    paused_reason: null,
    deleted_at: now,
  });
  t.deepEqual(planDeletion({ ...series, status: 'paused', paused_reason: 'plan_ended' }, occurrences, upcoming, now), {
    status: 'deleted',
    paused_reason: null,
    deleted_at: now,
  });
  t.is(planDeletion({ ...series, status: 'deleted', deleted_at: now }, occurrences, [], now), null);
  t.is(refusal(t, () => planDeletion(series, occurrences, [upcoming[0]!], now)).kind, 'conflict');
});

test('deletionView: the same answer on every delete, listing the invoices that stay', (t) => {
  const deleted: SeriesDoc = { ...series, status: 'deleted', deleted_at: now, updated_at: new Date('2027-06-01') };
  // After the delete only the occurrences with an invoice are left.
  const left = occurrences.slice(0, 3).map((o, i) => ({ ...o, invoice_number: `INV-${i + 1}` }));
  t.deepEqual(deletionView(deleted, left), {
    series_id: 'rs_edit',
    deleted_at: '2027-01-20T00:00:00.000Z',
    invoices: [
      { invoice_id: 'inv_1', invoice_number: 'INV-1', local_date: '2027-01-31' },
      { invoice_id: 'inv_2', invoice_number: 'INV-2', local_date: '2027-02-28' },
      { invoice_id: 'inv_3', invoice_number: 'INV-3', local_date: '2027-03-31' },
    ],
  });
});
