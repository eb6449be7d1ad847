import { registerOutbox } from '@invoice-platform/common/outbox';
import { type Connection, Schema } from 'mongoose';

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

export interface InvoiceDoc {
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
  /** The spec §2.5 response of the generate call, replayed byte for byte on a retry. */
  generate_response: Record<string, unknown>;
  pdf_status: string;
  pdf_file_id: string | null;
  /** The change sequence the PDF must reflect; a re-render result older than it is ignored. */
  pdf_wanted_sequence: number;
  amount_received: string;
  time_zone: string;
  /** Sequence of the last committed change (1 after creation). */
  sequence: number;
  /** True until invoice.created is committed to the outbox; a sweep finishes it after a crash. */
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
    amount_received: { type: String, default: '0' },
    time_zone: String,
    sequence: { type: Number, default: 1 },
    created_at: Date,
    updated_at: Date,
  },
  { versionKey: false, collection: 'invoices', minimize: false },
);
// Spec §4.2 list, newest first, all statuses.
invoiceSchema.index({ workspace_id: 1, created_at: -1 });
// Spec §4.2 list filtered by status.
invoiceSchema.index({ workspace_id: 1, invoice_status: 1, created_at: -1 });
// Idempotency-Key replay and its guarantee that one key makes one invoice (DESIGN.md §3).
invoiceSchema.index({ workspace_id: 1, idempotency_scope: 1 }, { unique: true });
// A follow-up is made once per series occurrence.
invoiceSchema.index({ workspace_id: 1, occurrence_scope: 1 }, { unique: true });
// Numbers are unique per workspace whatever happens to the allocator.
invoiceSchema.index({ workspace_id: 1, invoice_number: 1 }, { unique: true });
// Automatic overdue sweep: unpaid invoices whose overdue instant has passed.
invoiceSchema.index({ invoice_status: 1, overdue_at: 1 });

/**
 * Work a generate must finish after its invoice is stored: committing invoice.created
 * (`created:<invoice id>`) and creating the series of a first recurring invoice
 * (`series:<invoice id>`). Inserted with the invoice and deleted when done, so the maintenance
 * pass finds what a crash or an unreachable peer left without scanning every invoice, and without
 * an update of the invoice document racing the changes made to it (FerretDB writes whole documents).
 */
export interface PendingWorkDoc {
  _id: string;
  kind: 'created' | 'series';
  invoice_id: string;
  created_at: Date;
}

const pendingWorkSchema = new Schema<PendingWorkDoc>(
  { _id: String, kind: String, invoice_id: String, created_at: Date },
  { versionKey: false, collection: 'invoice_pending_work' },
);
// Maintenance pass: the oldest pending work of one kind.
pendingWorkSchema.index({ kind: 1, created_at: 1 });

/** One allocated number of a workspace period; the unique id is the allocation. */
export interface NumberDoc {
  _id: string;
  workspace_id: string;
  period: string;
  seq: number;
  invoice_id: string;
  state: 'reserved' | 'used';
  at: Date;
}

const numberSchema = new Schema<NumberDoc>(
  {
    _id: String,
    workspace_id: String,
    period: String,
    seq: Number,
    invoice_id: String,
    state: String,
    at: Date,
  },
  { versionKey: false, collection: 'invoice_numbers' },
);
// Highest allocated number of a workspace period.
numberSchema.index({ workspace_id: 1, period: 1, seq: -1 });
// Reaper of reservations left by a crash.
numberSchema.index({ state: 1, at: 1 });

/**
 * A number given back by a failed generate (its invoice_numbers document deleted): the next
 * allocation in the period takes the lowest hole before a new number, so no gap stays.
 */
export interface NumberHoleDoc {
  _id: string;
  workspace_id: string;
  period: string;
  seq: number;
  at: Date;
}

const numberHoleSchema = new Schema<NumberHoleDoc>(
  { _id: String, workspace_id: String, period: String, seq: Number, at: Date },
  { versionKey: false, collection: 'invoice_number_holes' },
);
// Allocation: the lowest holes of a workspace period.
numberHoleSchema.index({ workspace_id: 1, period: 1, seq: 1 });

/** Whether a workspace's pool is unlimited; the balance itself is the grants minus the uses. */
export interface CreditPoolDoc {
  _id: string;
  unlimited: boolean;
  updated_at: Date;
}

export interface CreditGrantDoc {
  _id: string;
  workspace_id: string;
  amount: number;
  created_at: Date;
}

/** Credit n of a workspace, used by one invoice; `${workspace}:${n}` is unique, n <= granted. */
export interface CreditUseDoc {
  _id: string;
  workspace_id: string;
  n: number;
  invoice_id: string;
  state: 'reserved' | 'used';
  reserved_at: Date;
}

const creditPoolSchema = new Schema<CreditPoolDoc>(
  { _id: String, unlimited: { type: Boolean, default: false }, updated_at: Date },
  { versionKey: false, collection: 'credit_pools' },
);
const creditGrantSchema = new Schema<CreditGrantDoc>(
  { _id: String, workspace_id: String, amount: Number, created_at: Date },
  { versionKey: false, collection: 'credit_grants' },
);
// Sum of a workspace's grants.
creditGrantSchema.index({ workspace_id: 1 });
const creditUseSchema = new Schema<CreditUseDoc>(
  { _id: String, workspace_id: String, n: Number, invoice_id: String, state: String, reserved_at: Date },
  { versionKey: false, collection: 'credit_uses' },
);
// Count and hole search of a workspace's uses.
creditUseSchema.index({ workspace_id: 1, n: 1 });
// Reaper of reservations left by a crash.
creditUseSchema.index({ state: 1, reserved_at: 1 });

export function registerModels(conn: Connection) {
  return {
    Invoice: conn.model<InvoiceDoc>('Invoice', invoiceSchema),
    InvoiceNumber: conn.model<NumberDoc>('InvoiceNumber', numberSchema),
    NumberHole: conn.model<NumberHoleDoc>('NumberHole', numberHoleSchema),
    PendingWork: conn.model<PendingWorkDoc>('PendingWork', pendingWorkSchema),
    CreditPool: conn.model<CreditPoolDoc>('CreditPool', creditPoolSchema),
    CreditGrant: conn.model<CreditGrantDoc>('CreditGrant', creditGrantSchema),
    CreditUse: conn.model<CreditUseDoc>('CreditUse', creditUseSchema),
    Outbox: registerOutbox(conn),
  };
}

export type Models = ReturnType<typeof registerModels>;
