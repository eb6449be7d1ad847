import * as protoLoader from '@grpc/proto-loader';
import type { TObject } from '@sinclair/typebox';
import test from 'ava';
import {
  GenerateInvoiceResult,
  GenerateRecurring,
  GenerateTemplate,
  generateResultJson,
} from '../../src/contracts/generate.ts';
import {
  EventInvoice,
  eventInvoiceJson,
  Invoice,
  InvoiceArchiveResult,
  invoiceArchiveResultJson,
  invoiceJson,
  InvoicePdfResult,
  invoicePdfResultJson,
  InvoiceStatusResult,
  invoiceStatusResultJson,
  InvoiceSummary,
  invoiceSummaryJson,
} from '../../src/contracts/invoice.ts';
import {
  RecurringOccurrence,
  RecurringSeries,
  RecurringSeriesSummary,
  seriesJson,
  seriesSummaryJson,
} from '../../src/contracts/recurring.ts';
import { CreditNote, CreditNoteLine, creditNoteJson, Payment, paymentJson } from '../../src/contracts/money-trail.ts';
import { Template, templateJson } from '../../src/contracts/templates.ts';
import { LOADER_OPTIONS } from '../../src/grpc/protos.ts';

const pkg = protoLoader.loadSync(
  [
    'invoiceplatform/invoice/v1/invoice.proto',
    'invoiceplatform/recurring/v1/recurring.proto',
    'invoiceplatform/pdf/v1/pdf.proto',
  ],
  LOADER_OPTIONS,
);

/** The field names of a message (full name after `invoiceplatform.`), as protos/ declares them. */
function protoFields(message: string): string[] {
  const definition = pkg[`invoiceplatform.${message}`] as { type: { field: { name: string }[] } } | undefined;
  return definition?.type.field.map((f) => f.name) ?? [];
}

const pairs: [schema: TObject, name: string, message: string][] = [
  [Invoice, 'Invoice', 'invoice.v1.Invoice'],
  [InvoiceSummary, 'InvoiceSummary', 'invoice.v1.InvoiceSummary'],
  [EventInvoice, 'EventInvoice', 'invoice.v1.Invoice'],
  [InvoiceStatusResult, 'InvoiceStatusResult', 'invoice.v1.UpdateInvoiceStatusResponse'],
  [InvoiceArchiveResult, 'InvoiceArchiveResult', 'invoice.v1.SetArchivedResponse'],
  [InvoicePdfResult, 'InvoicePdfResult', 'invoice.v1.GetInvoicePdfResponse'],
  [GenerateInvoiceResult, 'GenerateInvoiceResult', 'invoice.v1.GenerateInvoiceResponse'],
  [GenerateRecurring, 'GenerateInvoiceResult.recurring', 'invoice.v1.RecurringInfo'],
  [GenerateTemplate, 'GenerateInvoiceResult.template', 'invoice.v1.TemplateInfo'],
  [RecurringSeries, 'RecurringSeries', 'recurring.v1.RecurringSeries'],
  [RecurringSeriesSummary, 'RecurringSeriesSummary', 'recurring.v1.RecurringSeries'],
  [RecurringOccurrence, 'RecurringOccurrence', 'recurring.v1.RecurringOccurrence'],
  [Template, 'Template', 'pdf.v1.Template'],
  [CreditNote, 'CreditNote', 'invoice.v1.CreditNote'],
  [CreditNoteLine, 'CreditNote.items', 'invoice.v1.InvoiceLine'],
  [Payment, 'Payment', 'invoice.v1.Payment'],
];

for (const [schema, name, message] of pairs) {
  test(`contracts: every property of ${name} is a field of ${message}`, (t) => {
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
      amount_credited: 0,
      amount_paid: 111.56,
      amount_due: 0,
      as_issued_pdf: null,
      as_issued_e_invoice: null,
      retain_until: null,
    }),
  );
});

test('contracts: eventInvoiceJson is the invoice, its balance included, plus amount_received, unset ones 0', (t) => {
  const json = eventInvoiceJson({ ...message, amount_credited: '10.06', amount_paid: '100.50', amount_due: '1.00' });
  t.deepEqual(Object.keys(json), [...Object.keys(invoiceJson(message)), 'amount_received']);
  t.like(json, { amount_credited: 10.06, amount_paid: 100.5, amount_due: 1, amount_received: 0 });
});

test('contracts: creditNoteJson and paymentJson keep the public fields only, amounts as numbers, an unset reference or pdf_url null', (t) => {
  const note = creditNoteJson({
    id: 'cn_1',
    credit_note_number: 'CN-WS1-202612-1',
    invoice_id: 'inv_1',
    invoice_number: 'INV-WS1-202612-0001',
    amount: '142.80',
    currency: 'EUR',
    reason: 'Returned',
    items: [{ description: 'Beratung', quantity: '1', price: '120', line_amount: '120.00', tax_rate: '19' }],
    created_at: '2026-12-03T10:00:00.000Z',
    workspace_id: 'WS1',
    pdf_file_id: 'file_1',
    subtotal: '120.00',
  });
  t.is(
    JSON.stringify(note),
    JSON.stringify({
      id: 'cn_1',
      credit_note_number: 'CN-WS1-202612-1',
      invoice_id: 'inv_1',
      invoice_number: 'INV-WS1-202612-0001',
      amount: 142.8,
      currency: 'EUR',
      reason: 'Returned',
      items: [{ description: 'Beratung', quantity: 1, price: 120, tax_rate: 19, line_amount: 120 }],
      pdf_url: null,
      created_at: '2026-12-03T10:00:00.000Z',
      as_issued_pdf: null,
      as_issued_e_invoice: null,
      retain_until: null,
    }),
  );
  const payment = paymentJson({
    id: 'pay_1',
    invoice_id: 'inv_1',
    amount: '0.10',
    currency: 'EUR',
    method: 'online',
    paid_at: '2026-12-03T10:00:00.000Z',
    payment_gateway: 'stripe',
    provider_payment_id: 'pi_1',
    recorded_at: '2026-12-03T10:00:01.000Z',
  });
  t.deepEqual(payment, {
    id: 'pay_1',
    invoice_id: 'inv_1',
    amount: 0.1,
    method: 'online',
    reference: null,
    paid_at: '2026-12-03T10:00:00.000Z',
  });
});

test('contracts: invoiceSummaryJson maps an InvoiceSummary message and leaves the admin fields out', (t) => {
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
    source: 'dashboard',
  });
  // The admin-only fields (is_archived, source) are not part of the public object.
  t.is(
    JSON.stringify(summary),
    '{"id":"inv_1","invoice_number":"INV-1","customer_name":"Ada","customer_email":"ada@example.com",' +
      '"currency":null,"amount":null,"invoice_status":"unpaid","is_recurring":true,"due_date":"2026-01-19",' +
      '"paid_at":null,"created_at":"2026-01-05T10:00:00.000Z"}',
  );
});

const series = {
  id: 'rs_1',
  status: 'paused',
  paused_reason: 'plan_ended',
  frequency: 'monthly',
  start_date: '2026-01-05T00:00:00.000Z',
  next_run_date: '2026-02-05T00:00:00.000Z',
  invoice_number: 'INV-1',
  customer_name: 'Ada',
  customer_email: 'ada@example.com',
  currency: 'EUR',
  amount: '111.56',
  generated_count: 1,
  remaining_count: 3,
  occurrences: [
    {
      date: '2026-01-05T00:00:00.000Z',
      due_date: '2026-01-19T00:00:00.000Z',
      status: 'sent',
      sent_at: '2026-01-05T08:00:00.000Z',
      invoice_id: 'inv_1',
      index: 0,
      local_date: '2026-01-05',
      attempts: 1,
    },
    { date: '2026-02-05T00:00:00.000Z', status: 'pending', index: 1, local_date: '2026-02-05', attempts: 0 },
  ],
  workspace_id: 'ws_1',
  source_invoice_id: 'inv_1',
  document_language: 'en',
  time_zone: 'Europe/Berlin',
  due_offset_days: 14,
  anchor_date: '2026-01-05T00:00:00.000Z',
  created_at: '2026-01-05T00:00:00.000Z',
  updated_at: '2026-01-05T00:00:00.000Z',
};

const seriesFieldsJson =
  '"id":"rs_1","status":"paused","paused_reason":"plan_ended","paused_message":null,"frequency":"monthly",' +
  '"start_date":"2026-01-05T00:00:00.000Z","end_date":null,"next_run_date":"2026-02-05T00:00:00.000Z",' +
  '"last_run_date":null,"invoice_number":"INV-1","customer_name":"Ada","customer_email":"ada@example.com",' +
  '"currency":"EUR","amount":111.56,"generated_count":1,"remaining_count":3';

test('contracts: seriesJson maps the series and each occurrence in schema order, internal fields left behind', (t) => {
  t.is(
    JSON.stringify(seriesJson(series)),
    `{${seriesFieldsJson},"occurrences":[` +
      '{"date":"2026-01-05T00:00:00.000Z","due_date":"2026-01-19T00:00:00.000Z","status":"sent",' +
      '"sent_at":"2026-01-05T08:00:00.000Z","invoice_id":"inv_1"},' +
      '{"date":"2026-02-05T00:00:00.000Z","due_date":null,"status":"pending","sent_at":null,"invoice_id":null}]}',
  );
});

test('contracts: seriesSummaryJson is the series without occurrences; an unset amount is null', (t) => {
  t.is(JSON.stringify(seriesSummaryJson(series)), `{${seriesFieldsJson}}`);
  t.is(seriesSummaryJson({ ...series, amount: '' }).amount, null);
  t.is(seriesSummaryJson({ ...series, amount: undefined }).amount, null);
});

const generated = {
  id: 'inv_1',
  invoice_number: 'INV-1',
  pdf_url: 'https://files.example/inv_1.pdf',
  is_recurring: true,
  recurring: {
    schedule_id: 'rs_1',
    interval: 'monthly',
    occurrences: 4,
    next_issue_date: '2026-02-05T00:00:00.000Z',
  },
  template: { id: 'tpl_1', name: 'Modern', source: 'requested' },
  invoice: null,
  replayed: false,
};

test('contracts: generateResultJson with a series and a template', (t) => {
  t.is(
    JSON.stringify(generateResultJson({ ...generated, credits_remaining: 9 })),
    '{"id":"inv_1","invoice_number":"INV-1","pdf_url":"https://files.example/inv_1.pdf","credits_remaining":9,' +
      '"is_recurring":true,"recurring":{"schedule_id":"rs_1","interval":"monthly","occurrences":4,' +
      '"next_issue_date":"2026-02-05T00:00:00.000Z","end_date":null},' +
      '"template":{"id":"tpl_1","name":"Modern","source":"requested"}}',
  );
});

test('contracts: generateResultJson leaves recurring out without a series; no template is null', (t) => {
  t.is(
    JSON.stringify(generateResultJson({ ...generated, is_recurring: false, recurring: null, template: null })),
    '{"id":"inv_1","invoice_number":"INV-1","pdf_url":"https://files.example/inv_1.pdf","credits_remaining":null,' +
      '"is_recurring":false,"template":null}',
  );
});

test('contracts: templateJson keeps the public fields of a pdf.v1 Template', (t) => {
  const template = {
    id: 'tpl_1',
    name: 'Modern',
    available: false,
    system_default: true,
    workspace_default: false,
    kind: 'system',
    min_plan: 'business',
  };
  t.is(
    JSON.stringify(templateJson(template)),
    '{"id":"tpl_1","name":"Modern","available":false,"system_default":true,"workspace_default":false}',
  );
});

test('contracts: the status, archive and PDF results of an invoice', (t) => {
  t.is(
    JSON.stringify(
      invoiceStatusResultJson({
        id: 'inv_1',
        invoice_number: 'INV-1',
        invoice_status: 'unpaid',
        changed: true,
        previous_status: 'paid',
      }),
    ),
    '{"id":"inv_1","invoice_number":"INV-1","invoice_status":"unpaid","paid_at":null}',
  );
  t.is(
    JSON.stringify(
      invoiceArchiveResultJson({
        id: 'inv_1',
        invoice_number: 'INV-1',
        is_archived: true,
        archived_at: '2026-01-06T09:00:00.000Z',
        changed: true,
      }),
    ),
    '{"id":"inv_1","invoice_number":"INV-1","is_archived":true,"archived_at":"2026-01-06T09:00:00.000Z"}',
  );
  t.is(
    JSON.stringify(
      invoicePdfResultJson({ url: 'https://files.example/inv_1.pdf', generated: false, pdf_status: 'ready' }),
    ),
    '{"url":"https://files.example/inv_1.pdf","generated":false}',
  );
});
