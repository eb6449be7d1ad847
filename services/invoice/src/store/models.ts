import { addOutbox, type WithOutbox } from '@invoice-platform/common/store/outbox';
import { type Connection, Schema } from 'mongoose';
import type { CreditPoolDoc } from '../domain/credits.ts';
import type { InvoiceDoc } from '../domain/invoice.ts';
import type { NumberCounterDoc } from '../domain/numbering.ts';
import type { CreditNoteRefDoc } from '../domain/credit-note.ts';

/** An invoice's document: the invoice and the events of its changes waiting to be published. */
export type StoredInvoice = InvoiceDoc & WithOutbox;

const invoiceSchema = new Schema<StoredInvoice>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    invoice_number: { type: String, required: true },
    number_period: String,
    number_seq: Number,
    customer_name: String,
    customer_email: { type: String, default: null },
    customer_tax_id: { type: String, default: null },
    currency: String,
    items: { type: [Object], default: [] },
    subtotal: String,
    discount_total: String,
    tax_rate: String,
    tax_amount: String,
    amount: String,
    invoice_status: String,
    is_archived: { type: Boolean, default: false },
    archived_at: { type: Date, default: null },
    is_recurring: { type: Boolean, default: false },
    recurring_interval: { type: String, default: 'none' },
    issue_date: Date,
    due_date: String,
    overdue_at: Date,
    paid_at: { type: Date, default: null },
    notes: { type: String, default: null },
    custom_payment_notes: { type: String, default: null },
    footer_text: { type: String, default: null },
    document_language: String,
    template: { type: Object, default: null },
    requested_template: { type: String, default: null },
    payment_gateway: { type: String, default: null },
    payment_account: { type: String, default: null },
    customer_address: { type: Object, default: null },
    customer_electronic_address: { type: Object, default: null },
    buyer_reference: { type: String, default: null },
    purchase_order_reference: { type: String, default: null },
    tax_category: { type: String, default: null },
    tax_exemption_reason: { type: String, default: null },
    e_invoice: { type: String, default: null },
    seller_profile: { type: Object, default: null },
    source: String,
    series_id: { type: String, default: null },
    occurrence_date: { type: String, default: null },
    occurrence_scope: { type: String, required: true },
    series_pending: { type: Boolean, default: false },
    recurring_count: { type: Number, default: null },
    recurring_end_date: { type: String, default: null },
    idempotency_scope: { type: String, required: true },
    request_fingerprint: { type: String, default: null },
    generate_response: { type: Object, default: {} },
    pdf_status: String,
    pdf_file_id: { type: String, default: null },
    pdf_wanted_sequence: { type: Number, default: 1 },
    pdf_sweep_at: { type: Date, default: null },
    pdf_floor: { type: Date, default: null },
    as_issued_pdf: { type: Object, default: null },
    as_issued_e_invoice: { type: Object, default: null },
    retain_until: { type: Date, default: null },
    archive_due_at: { type: Date, default: null },
    void_workspace_id: String,
    amount_received: { type: String, default: '0' },
    payments: { type: [Object], default: [] },
    test_mode: { type: Boolean, default: false },
    test_payments: { type: [Object], default: [] },
    credit_notes: { type: [Object], default: [] },
    void_credit_notes: { type: [String], default: [] },
    time_zone: String,
    version: { type: Number, default: 1 },
    created_at: Date,
    updated_at: Date,
  },
  { versionKey: false, collection: 'invoices', minimize: false },
);
// OpenAPI `listInvoices` list, newest first (ties by id), all statuses, and its meta.total.
invoiceSchema.index({ workspace_id: 1, created_at: -1, _id: -1 });
// OpenAPI `listInvoices` list filtered by status, and its meta.total.
invoiceSchema.index({ workspace_id: 1, invoice_status: 1, created_at: -1, _id: -1 });
// The admin list of archived invoices, or of the others (of one status, or all): a page of them
// costs the same however many invoices the workspace has on the other side.
invoiceSchema.index({ workspace_id: 1, is_archived: 1, created_at: -1, _id: -1 });
invoiceSchema.index({ workspace_id: 1, is_archived: 1, invoice_status: 1, created_at: -1, _id: -1 });
// Idempotency-Key replay and its guarantee that one key makes one invoice (docs/architecture.md#idempotency).
invoiceSchema.index({ workspace_id: 1, idempotency_scope: 1 }, { unique: true });
// A follow-up is made once per series occurrence.
invoiceSchema.index({ workspace_id: 1, occurrence_scope: 1 }, { unique: true });
// Numbers are unique per workspace whatever happens to the allocator.
invoiceSchema.index({ workspace_id: 1, invoice_number: 1 }, { unique: true });
// Automatic overdue sweep: unpaid invoices whose overdue instant has passed, oldest first.
invoiceSchema.index({ invoice_status: 1, overdue_at: 1 });
// Maintenance: first invoices of a series whose creation in the recurring service is unfinished.
invoiceSchema.index({ series_pending: 1, created_at: 1 });
// Maintenance: invoice ids whose files no invoice points to are due to be swept.
invoiceSchema.index({ pdf_sweep_at: 1 });
// Maintenance: as-issued copies recorded but not yet marked kept in the pdf service.
invoiceSchema.index({ archive_due_at: 1 });
addOutbox(invoiceSchema);

const numberCounterSchema = new Schema<NumberCounterDoc>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    period: { type: String, required: true },
    last: { type: Number, default: 0 },
    free: { type: [Number], default: [] },
    reserved: { type: [Object], default: [] },
    reserved_count: { type: Number, default: 0 },
    version: { type: Number, default: 0 },
  },
  { versionKey: false, collection: 'invoice_number_sequences', minimize: false },
);
// Maintenance: counters with reservations, to find those a crashed generate left.
numberCounterSchema.index({ reserved_count: 1 });

const creditPoolSchema = new Schema<CreditPoolDoc>(
  {
    _id: String,
    unlimited: { type: Boolean, default: false },
    balance: { type: Number, default: 0 },
    used: { type: Number, default: 0 },
    holds: { type: [Object], default: [] },
    held: { type: Number, default: 0 },
    ops: { type: [String], default: [] },
    version: { type: Number, default: 0 },
    updated_at: Date,
  },
  { versionKey: false, collection: 'credit_pools', minimize: false },
);
// Maintenance: pools with holds, to find those a crashed generate left.
creditPoolSchema.index({ held: 1 });

/**
 * Where each credit note lives (docs/money-trail.md "Credit notes"): the note itself is in its
 * invoice's document; this finds that invoice by the note's id through an index (the local
 * FerretDB indexes no path inside an array), and holds the note's Idempotency-Key, unique per
 * workspace. Written before the note's credit and number are held, so whatever holds them can be
 * traced to its invoice.
 */
const creditNoteRefSchema = new Schema<CreditNoteRefDoc>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    invoice_id: { type: String, required: true },
    idempotency_scope: { type: String, required: true },
    request_fingerprint: { type: String, default: null },
    created_at: Date,
  },
  { versionKey: false, collection: 'credit_note_refs', minimize: false },
);
// One note per Idempotency-Key per workspace, and its replay (`none:{id}` without a key, so never missing).
creditNoteRefSchema.index({ workspace_id: 1, idempotency_scope: 1 }, { unique: true });

export function registerModels(conn: Connection) {
  return {
    Invoice: conn.model<StoredInvoice>('Invoice', invoiceSchema),
    NumberCounter: conn.model<NumberCounterDoc>('NumberCounter', numberCounterSchema),
    // Credit note numbers: their own sequences, of the same shape (docs/architecture.md#numbering).
    CreditNoteNumberCounter: conn.model<NumberCounterDoc>(
      'CreditNoteNumberCounter',
      numberCounterSchema,
      'credit_note_number_sequences',
    ),
    CreditNoteRef: conn.model<CreditNoteRefDoc>('CreditNoteRef', creditNoteRefSchema),
    CreditPool: conn.model<CreditPoolDoc>('CreditPool', creditPoolSchema),
  };
}

export type Models = ReturnType<typeof registerModels>;
