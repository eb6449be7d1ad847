/**
 * Your first invoice from TypeScript, with a client generated from the served OpenAPI document
 * (a partial payment and a credit note on it too):
 *
 *   npx openapi-typescript "$INVOICE_API_URL/openapi.json" -o generated/api.ts   # default options
 *   npm install openapi-fetch
 *   INVOICE_API_URL=http://127.0.0.1:8080 INVOICE_API_KEY=... node first-invoice.ts
 *
 * test/contracts/api-clients.test.ts generates generated/api.ts from a running gateway, typechecks
 * this file with tsc --strict and runs it, so this example cannot go stale.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import createClient from 'openapi-fetch';
import type { paths } from './generated/api.ts';

const api = createClient<paths>({
  baseUrl: process.env.INVOICE_API_URL ?? 'http://127.0.0.1:8080',
  headers: { Authorization: `Bearer ${process.env.INVOICE_API_KEY}` },
});

// Generate an invoice. Only quantity and price are required per item: discount, currency,
// tax_rate, document_language … take the server's defaults. The Idempotency-Key makes a retry safe.
const body = { customer_name: 'PT Maju Jaya', items: [{ description: 'Design work', quantity: 2, price: 150000 }] };
const idempotencyKey = randomUUID();
const created = await api.POST('/api/invoices/generate-external', {
  params: { header: { 'Idempotency-Key': idempotencyKey } },
  body,
});
assert.ok(created.data, JSON.stringify(created.error));
const { id, invoice_number } = created.data.data;
console.log(`generated ${invoice_number} (${id})`);

// The same key and body again: the stored answer, no second invoice and no second credit.
const replay = await api.POST('/api/invoices/generate-external', {
  params: { header: { 'Idempotency-Key': idempotencyKey } },
  body,
});
assert.equal(replay.data?.data.id, id);
assert.equal(replay.response.headers.get('Idempotent-Replayed'), 'true');

const invoice = await api.GET('/api/invoices/external/{id}', { params: { path: { id } } });
assert.equal(invoice.data?.data.amount, 300000);
assert.equal(invoice.data.data.currency, 'IDR');

const list = await api.GET('/api/invoices/external', { params: { query: { status: 'unpaid', pageSize: 10 } } });
assert.ok(list.data?.data.some((summary) => summary.id === id));

// After issue (docs/money-trail.md): a partial payment received by bank transfer, then a credit
// note for part of the invoice. Both take an Idempotency-Key, as generate does.
const payment = await api.POST('/api/invoices/external/{id}/payments', {
  params: { path: { id }, header: { 'Idempotency-Key': randomUUID() } },
  body: { amount: 100000, method: 'bank_transfer', reference: 'TRX-0042' },
});
assert.equal(payment.data?.data.amount, 100000, JSON.stringify(payment.error));
const note = await api.POST('/api/invoices/external/{id}/credit-notes', {
  params: { path: { id }, header: { 'Idempotency-Key': randomUUID() } },
  body: { reason: 'Agreed discount', items: [{ description: 'Discount', quantity: 1, price: 50000 }] },
});
assert.ok(note.data, JSON.stringify(note.error));
console.log(`credit note ${note.data.data.credit_note_number} (${note.data.data.amount} ${note.data.data.currency})`);
const balance = await api.GET('/api/invoices/external/{id}', { params: { path: { id } } });
assert.deepEqual(
  [balance.data?.data.amount_paid, balance.data?.data.amount_credited, balance.data?.data.amount_due],
  [100000, 50000, 150000],
);
const notes = await api.GET('/api/invoices/external/{id}/credit-notes', { params: { path: { id } } });
assert.equal(notes.data?.data[0]?.id, note.data.data.id);
const payments = await api.GET('/api/invoices/external/{id}/payments', { params: { path: { id } } });
assert.equal(payments.data?.data[0]?.method, 'bank_transfer');
const notePdf = await api.GET('/api/credit-notes/external/{id}/pdf', {
  params: { path: { id: note.data.data.id } },
  parseAs: 'arrayBuffer',
});
assert.equal(Buffer.from(notePdf.data!).subarray(0, 5).toString(), '%PDF-');

const paid = await api.PUT('/api/invoices/external/{id}/status', {
  params: { path: { id } },
  body: { status: 'paid' },
});
assert.equal(paid.data?.data.invoice_status, 'paid');

const archived = await api.PUT('/api/invoices/external/{id}/archive', {
  params: { path: { id } },
  body: { is_archived: true },
});
assert.equal(archived.data?.data.is_archived, true);

// The PDF: its URL, then the file (no key needed: the invoice id is the capability).
const pdf = await api.POST('/api/invoices/external/{id}/pdf', { params: { path: { id } } });
assert.ok(pdf.data, JSON.stringify(pdf.error));
const file = await fetch(pdf.data.data.url);
assert.equal(file.headers.get('content-type'), 'application/pdf');
assert.equal(
  Buffer.from(await file.arrayBuffer())
    .subarray(0, 5)
    .toString(),
  '%PDF-',
);

// A monthly series of three invoices, then the series itself.
const monthly = await api.POST('/api/invoices/generate-external', {
  body: {
    ...body,
    customer_email: 'billing@maju.example',
    is_recurring: true,
    recurring_interval: 'monthly',
    recurring_count: 3,
  },
});
const scheduleId = monthly.data?.data.recurring?.schedule_id;
assert.ok(scheduleId, JSON.stringify(monthly.error));
const series = await api.GET('/api/invoices/external/recurring/{id}', { params: { path: { id: scheduleId } } });
assert.equal(series.data?.data.frequency, 'monthly');
console.log(`series ${scheduleId}: ${series.data.data.occurrences.length} occurrences`);

console.log('first invoice: ok');
