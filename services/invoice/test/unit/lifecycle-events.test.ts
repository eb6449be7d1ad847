import test from 'ava';
import { CreditNote, Payment } from '@invoice-platform/common/contracts/money-trail';
import { BASE_URL, creditNoteOf, eInvoiceInput, invoiceDocOf } from '@invoice-platform/test-support/e-invoice';
import type { CreditNoteDoc } from '../../src/domain/credit-note.ts';
import type { InvoiceDoc, PaymentRecord } from '../../src/domain/invoice.ts';
import { encodeCreditNote, encodePayment } from '../../src/domain/invoice-message.ts';
import { creditNoteCreatedEvent, lifecycleEvent, paymentRecordedEvent } from '../../src/domain/lifecycle-events.ts';

// The money trail's event builders (docs/money-trail.md "Events"): what the invoice service writes
// into the invoice's outbox for a credit note and a payment, next to lifecycleEvent's.

const at = new Date('2026-12-03T10:00:00Z');

/** An EUR invoice of 2 × 120 at 19 % (285.60), as stored, version 5. */
function invoice(extra: Partial<InvoiceDoc> = {}): InvoiceDoc {
  const { doc } = invoiceDocOf(
    eInvoiceInput({
      currency: 'EUR',
      items: [{ description: 'Beratung', quantity: '2', price: '120', tax_rate: '19' }],
    }),
  );
  return {
    ...doc,
    workspace_id: 'WS1',
    invoice_status: 'unpaid',
    is_archived: false,
    is_recurring: false,
    recurring_interval: 'none',
    paid_at: null,
    pdf_status: 'ready',
    pdf_file_id: 'file_1',
    amount_received: '0',
    created_at: at,
    updated_at: at,
    version: 5,
    ...extra,
  } as InvoiceDoc;
}

function note(): CreditNoteDoc {
  const figures = creditNoteOf('EUR', [{ description: 'Beratung', quantity: '1', price: '120', tax_rate: '19' }]);
  return {
    ...figures,
    currency: 'EUR',
    number_period: '202612',
    number_seq: 1,
    tax_rate: '19',
    source: 'api',
    idempotency_scope: 'api:key-1',
    request_fingerprint: 'f1',
    issue_response: { credits_remaining: 7 },
    pdf_file_id: 'file_cn_1',
    pdf_status: 'ready',
  } as CreditNoteDoc;
}

const payment: PaymentRecord = {
  id: 'pay_1',
  method: 'bank_transfer',
  amount: '100.50',
  currency: 'EUR',
  paid_at: new Date('2026-12-02T00:00:00Z'),
  recorded_at: at,
  invoice_status: 'unpaid',
  applies: true,
  reference: 'TRX-1',
  source: 'api',
  idempotency_scope: 'api:key-2',
  request_fingerprint: 'f2',
};

const keys = (schema: { properties: object }) => Object.keys(schema.properties);
/** The event's data as its outbox serialises it: what every consumer reads. */
const wire = (data: unknown) => JSON.parse(JSON.stringify(data)) as Record<string, Record<string, unknown>>;

test('creditNoteCreatedEvent: keyed and sequenced as the invoice; data.object the public CreditNote, data.invoice the invoice after it', (t) => {
  const cn = note();
  const after = invoice({ credit_notes: [cn], version: 6 });
  const event = creditNoteCreatedEvent(after, encodeCreditNote(cn, after, BASE_URL), BASE_URL);
  t.like(event, { key: after._id, type: 'credit_note.created', workspaceId: 'WS1', sequence: 6 });
  const data = wire(event.data);
  t.deepEqual(Object.keys(data), ['object', 'invoice']);
  // Only the API's fields: not its workspace, file, idempotency or archive fields.
  t.deepEqual(Object.keys(data.object!), keys(CreditNote));
  t.like(data.object, {
    id: cn.id,
    credit_note_number: cn.credit_note_number,
    invoice_id: after._id,
    invoice_number: after.invoice_number,
    amount: 142.8,
    currency: 'EUR',
    reason: cn.reason,
    pdf_url: `${BASE_URL}/p/credit-note/${cn.id}/pdf`,
    created_at: '2026-12-03T10:00:00.000Z',
  });
  t.like((data.object!.items as Record<string, unknown>[])[0], { quantity: 1, price: 120, line_amount: 120 });
  // The invoice after the note, as the webhook object: the balance and the event-only figure.
  t.like(data.invoice, {
    id: after._id,
    amount: 285.6,
    invoice_status: 'unpaid',
    amount_credited: 142.8,
    amount_paid: 0,
    amount_due: 142.8,
    amount_received: 0,
  });
  t.false('workspace_id' in data.invoice! || 'credit_notes' in data.invoice! || 'payments' in data.invoice!);
});

test('paymentRecordedEvent: data.object the invoice after the payment, data.payment the public Payment', (t) => {
  const after = invoice({ payments: [payment], version: 7 });
  const event = paymentRecordedEvent(after, encodePayment(payment, after), BASE_URL);
  t.like(event, { key: after._id, type: 'invoice.payment_recorded', workspaceId: 'WS1', sequence: 7 });
  const data = wire(event.data);
  t.deepEqual(Object.keys(data), ['object', 'payment']);
  t.deepEqual(data.payment, {
    id: 'pay_1',
    invoice_id: after._id,
    amount: 100.5,
    method: 'bank_transfer',
    reference: 'TRX-1',
    paid_at: '2026-12-02T00:00:00.000Z',
  });
  t.deepEqual(Object.keys(data.payment!), keys(Payment));
  t.like(data.object, { id: after._id, amount_credited: 0, amount_paid: 100.5, amount_due: 185.1, amount_received: 0 });
  // Without a reference, the field is there and null (the API's Payment shape).
  const plain = { ...payment, reference: null };
  t.is(wire(paymentRecordedEvent(after, encodePayment(plain, after), BASE_URL).data).payment!.reference, null);
});

test('the invoice object is the same in every event of one change: lifecycleEvent and the money builders agree', (t) => {
  const cn = note();
  const after = invoice({ credit_notes: [cn], payments: [payment], invoice_status: 'paid', version: 9 });
  const paid = wire(lifecycleEvent('invoice.paid', after, BASE_URL, { previous_status: 'unpaid' }).data);
  const noted = wire(creditNoteCreatedEvent(after, encodeCreditNote(cn, after, BASE_URL), BASE_URL).data);
  const recorded = wire(paymentRecordedEvent(after, encodePayment(payment, after), BASE_URL).data);
  t.deepEqual(noted.invoice, paid.object);
  t.deepEqual(recorded.object, paid.object);
  // Paid by a status change with less recorded: the rest counts as paid (the spec's "the total while paid").
  t.like(paid.object, { amount_credited: 142.8, amount_paid: 142.8, amount_due: 0 });
});
