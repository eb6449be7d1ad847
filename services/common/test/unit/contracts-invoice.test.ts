import * as protoLoader from '@grpc/proto-loader';
import type { TObject } from '@sinclair/typebox';
import test from 'ava';
import {
  EventInvoice,
  eventInvoiceJson,
  Invoice,
  invoiceJson,
  InvoiceSummary,
  invoiceSummaryJson,
} from '../../src/contracts/invoice.ts';
import { LOADER_OPTIONS } from '../../src/grpc.ts';

const pkg = protoLoader.loadSync('invoiceplatform/invoice/v1/invoice.proto', LOADER_OPTIONS);

/** The field names of an invoice.v1 message, as protos/ declares them. */
function protoFields(message: string): string[] {
  const definition = pkg[`invoiceplatform.invoice.v1.${message}`] as { type: { field: { name: string }[] } };
  return definition.type.field.map((f) => f.name);
}

const pairs: [schema: TObject, message: string][] = [
  [Invoice, 'Invoice'],
  [InvoiceSummary, 'InvoiceSummary'],
  [EventInvoice, 'Invoice'],
];

for (const [schema, message] of pairs) {
  test(`contracts: every property of ${schema.title} is a field of invoice.v1 ${message}`, (t) => {
    const fields = protoFields(message);
    t.true(fields.length > 0);
    t.deepEqual(
      Object.keys(schema.properties).filter((key) => !fields.includes(key)),
      [],
    );
  });
}

const message = {
  id: 'inv_1',
  invoice_number: 'INV-202601-0001',
  customer_name: 'Ada',
  currency: 'EUR',
  subtotal: '100.50',
  discount_total: '0',
  tax_rate: '11',
  tax_amount: '11.06',
  amount: '111.56',
  invoice_status: 'paid',
  is_archived: false,
  is_recurring: false,
  recurring_interval: 'none',
  issue_date: '2026-01-05T10:00:00.000Z',
  due_date: '2026-01-19',
  paid_at: '2026-01-06T09:00:00.000Z',
  pdf_status: 'idle',
  amount_paid: '111.56',
  amount_credited: '0',
  amount_received: '',
  workspace_id: 'ws_1',
  notes: 'not public',
};

test('contracts: invoiceJson keeps the schema order, turns decimals into numbers and unset optionals into null', (t) => {
  t.is(
    JSON.stringify(invoiceJson(message)),
    JSON.stringify({
      id: 'inv_1',
      invoice_number: 'INV-202601-0001',
      customer_name: 'Ada',
      customer_email: null,
      currency: 'EUR',
      subtotal: 100.5,
      discount_total: 0,
      tax_rate: 11,
      tax_amount: 11.06,
      amount: 111.56,
      invoice_status: 'paid',
      is_archived: false,
      is_recurring: false,
      recurring_interval: 'none',
      issue_date: '2026-01-05T10:00:00.000Z',
      due_date: '2026-01-19',
      paid_at: '2026-01-06T09:00:00.000Z',
      pdf_url: null,
      pdf_status: 'idle',
    }),
  );
});

test('contracts: eventInvoiceJson is the invoice plus the three event figures, unset ones 0', (t) => {
  const json = eventInvoiceJson(message);
  t.deepEqual(Object.keys(json), [
    ...Object.keys(invoiceJson(message)),
    'amount_paid',
    'amount_credited',
    'amount_received',
  ]);
  t.like(json, { amount_paid: 111.56, amount_credited: 0, amount_received: 0 });
});

test('contracts: invoiceSummaryJson maps an InvoiceSummary message', (t) => {
  const summary = invoiceSummaryJson({
    id: 'inv_1',
    invoice_number: 'INV-1',
    customer_name: 'Ada',
    customer_email: 'ada@example.com',
    amount: '',
    invoice_status: 'unpaid',
    is_recurring: true,
    due_date: '2026-01-19',
    created_at: '2026-01-05T10:00:00.000Z',
    is_archived: false,
  });
  t.is(
    JSON.stringify(summary),
    '{"id":"inv_1","invoice_number":"INV-1","customer_name":"Ada","customer_email":"ada@example.com",' +
      '"currency":null,"amount":null,"invoice_status":"unpaid","is_recurring":true,"due_date":"2026-01-19",' +
      '"paid_at":null,"created_at":"2026-01-05T10:00:00.000Z"}',
  );
});
