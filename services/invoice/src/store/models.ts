import { addOutbox, type WithOutbox } from '@invoice-platform/common/store/outbox';
import { type Connection, Schema } from 'mongoose';
import type { GenerateResult } from '../domain/generate-request.ts';

export interface StoredLine {
  description: string;
  quantity: string;
  price: string;
  discount: string;
  unit?: string;
  tax_rate?: string;
  line_amount: string;
  discount_share: string;
  effective_tax_rate: string;
}

export interface TemplateRef {
  id: string;
  name: string;
  source: string;
}

/**
 * An online payment recorded by MarkPaidByPayment. (gateway, provider_payment_id) is the
 * idempotency key of a notification: an invoice never holds two entries with the same pair.
 */
export interface PaymentRecord {
  gateway: string;
  provider_payment_id: string;
  /** The amount received, as the invoice currency's fixed decimal text. */
  amount: string;
  currency: string;
  /** When the provider says it was paid (else when it was recorded). */
  paid_at: Date;
  recorded_at: Date;
  /** The invoice status the payment found; only unpaid and overdue ones moved to paid. */
  invoice_status: string;
}

export interface InvoiceDoc extends WithOutbox {
  _id: string;
  workspace_id: string;
  invoice_number: string;
  number_period: string;
  number_seq: number;
  customer_name: string;
  customer_email: string | null;
  customer_tax_id: string | null;
  currency: string;
  items: StoredLine[];
  subtotal: string;
  discount_total: string;
  tax_rate: string;
  tax_amount: string;
  amount: string;
  invoice_status: string;
  is_archived: boolean;
  archived_at: Date | null;
  is_recurring: boolean;
  recurring_interval: string;
  issue_date: Date;
  due_date: string;
  /** When the automatic overdue move is due; null once the invoice has been overdue (it happens once). */
  overdue_at: Date | null;
  paid_at: Date | null;
  notes: string | null;
  custom_payment_notes: string | null;
  footer_text: string | null;
  document_language: string;
  template: TemplateRef | null;
  requested_template: string | null;
  payment_gateway: string | null;
  payment_account: string | null;
  source: string;
  series_id: string | null;
  occurrence_date: string | null;
  /** True from the first invoice of a new series until its series exists in the recurring service. */
  series_pending: boolean;
  /** The generate request's series limit, kept to finish a series creation after a failure. */
  recurring_count: number | null;
  recurring_end_date: string | null;
  /** `${series}:${date}` for follow-ups, else the invoice id: unique, so a retried follow-up cannot duplicate. */
  occurrence_scope: string;
  /** The Idempotency-Key, else `none:${id}` (unique per workspace); `expired:…` once the key is older than 24 h. */
  idempotency_scope: string;
  request_fingerprint: string | null;
  /**
   * The response of the generate call (OpenAPI `GenerateInvoiceResult`), replayed byte for byte on
   * a retry; empty only between building the invoice and the generate filling it in, before the insert.
   */
  generate_response: Partial<GenerateResult>;
  pdf_status: string;
  pdf_file_id: string | null;
  /** The version the PDF must reflect; a re-render result for an older version is ignored. */
  pdf_wanted_sequence: number;
  /**
   * When the files of this invoice id that no invoice points to are next swept
   * (docs/architecture.md#pdf): set by whatever starts a render that may leave one; null or absent
   * when none is due.
   */
  pdf_sweep_at?: Date | null;
  /**
   * A sweep deleted files stored before this, other than `pdf_file_id`: the invoice never takes
   * such a file (a render that late is discarded). Null or absent before the first sweep.
   */
  pdf_floor?: Date | null;
  /**
   * Set on a void record only (workspace_id `~void`): the workspace the invoice id was drawn for,
   * whose pdf files of the id are swept. See InvoiceStore.voidUnlessStored.
   */
  void_workspace_id?: string;
  /** Sum of `payments` amounts, in the invoice currency's fixed decimal text. */
  amount_received: string;
  /** Online payments recorded for this invoice, oldest first (absent on invoices made before them). */
  payments?: PaymentRecord[];
  time_zone: string;
  /** Changed only by compare-and-set; the events' `sequence` (1 after creation). */
  version: number;
  created_at: Date;
  updated_at: Date;
}

const invoiceSchema = new Schema<InvoiceDoc>(
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
    void_workspace_id: String,
    amount_received: { type: String, default: '0' },
    payments: { type: [Object], default: [] },
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
addOutbox(invoiceSchema);

/** A number of a period in use by a generate that has not finished. */
export interface NumberReservation {
  seq: number;
  invoice_id: string;
  at: Date;
}

/**
 * The invoice numbers of one workspace and month (`${workspace}:${YYYYMM}`): numbers 1..last are
 * in use, reserved, or free (given back by a failed generate while later ones were taken; handed
 * out first, lowest first), so the sequence never keeps a gap. Allocating and giving back are
 * compare-and-sets on `version`; settling a reservation pulls exactly its entry.
 */
export interface NumberCounterDoc {
  _id: string;
  workspace_id: string;
  period: string;
  last: number;
  free: number[];
  reserved: NumberReservation[];
  /** reserved.length, kept by $inc beside it, for the maintenance query. */
  reserved_count: number;
  version: number;
}

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

/** A credit taken by a generate that has not finished: settled on success, given back on failure. */
export interface CreditHold {
  invoice_id: string;
  at: Date;
}

/**
 * A workspace's credit pool (docs/architecture.md#credits): `balance` is taken one at a time
 * only while positive, with the generate's hold recorded in the same write; a hold is removed
 * exactly once, by its settle or its refund. `ops` remembers the last admin operation ids, so a
 * retried top-up counts once.
 */
export interface CreditPoolDoc {
  _id: string;
  unlimited: boolean;
  balance: number;
  used: number;
  holds: CreditHold[];
  /** holds.length, kept by $inc beside it, for the maintenance query. */
  held: number;
  ops: string[];
  version: number;
  updated_at: Date;
}

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

export function registerModels(conn: Connection) {
  return {
    Invoice: conn.model<InvoiceDoc>('Invoice', invoiceSchema),
    NumberCounter: conn.model<NumberCounterDoc>('NumberCounter', numberCounterSchema),
    CreditPool: conn.model<CreditPoolDoc>('CreditPool', creditPoolSchema),
  };
}

export type Models = ReturnType<typeof registerModels>;
