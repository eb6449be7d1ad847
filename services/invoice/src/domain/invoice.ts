import type {
  EInvoiceFormat,
  ElectronicAddress,
  LegalProfile,
  PostalAddress,
  TaxCategory,
} from '@invoice-platform/common/contracts/e-invoice';
import type { ArchivedCopyDoc } from './archive.ts';
import type { PaymentMethod } from '@invoice-platform/common/contracts/values';
import type { EInvoiceLine } from './e-invoice/input.ts';

/** The template an invoice is printed with (pdf.v1 ResolveTemplate); null for the plain built-in layout. */
export interface TemplateRef {
  id: string;
  name: string;
  source: string;
}

/**
 * A payment of the invoice (docs/money-trail.md "Partial payments"): recorded by hand
 * (RecordPayment, `method` one of contracts/values recordedPaymentMethods) or taken online (MarkPaidByPayment,
 * `method` online, with `gateway` and `provider_payment_id`, the idempotency key of a
 * notification: an invoice never holds two entries with the same pair). Records made before
 * partial payments have neither `id`, `method` nor `applies`: online payments whose counting
 * `invoice_status` decides (balance.ts paymentApplied).
 */
export interface PaymentRecord {
  /** pay_…; absent on online payments recorded before it existed (legacyPaymentId derives theirs). */
  id?: string;
  /** Absent on records made before it existed: online. */
  method?: PaymentMethod;
  /** The provider and its payment id: online payments only. */
  gateway?: string;
  provider_payment_id?: string;
  /** The amount received, as the invoice currency's fixed decimal text. */
  amount: string;
  currency: string;
  /** When the provider or the user says it was paid (else when it was recorded). */
  paid_at: Date;
  recorded_at: Date;
  /** The invoice status the payment found. */
  invoice_status: string;
  /**
   * Whether it counts in amount_paid: false for money that found the invoice paid or cancelled
   * (received, to refund). Absent on records made before it existed (balance.ts paymentApplied).
   */
  applies?: boolean;
  /** The part counted when less than `amount`: an online payment over the amount due it found. */
  amount_applied?: string;
  /** The user's reference (a bank transfer's), at most 200 characters; recorded payments only. */
  reference?: string | null;
  /** api | dashboard for recorded payments, online for the providers'. */
  source?: string;
  /**
   * A recorded payment's Idempotency-Key in its source's namespace (idempotencyScope), scoped to
   * its invoice, and the request's fingerprint: a retry within 24 h replays the payment.
   */
  idempotency_scope?: string | null;
  request_fingerprint?: string | null;
}

/**
 * A test payment recorded on a live invoice (docs/payments.md "Test mode"): listed, never counted.
 * (gateway, provider_payment_id) is its idempotency key, as for a payment.
 */
export interface TestPaymentRecord {
  gateway: string;
  provider_payment_id: string;
  amount: string;
  currency: string;
  paid_at: Date;
  recorded_at: Date;
}

/** The most test payments a live invoice lists; later ones are logged and dropped, so a sandbox account cannot grow it. */
export const maxTestPayments = 20;

/**
 * An invoice as the store keeps it and the use cases pass it around; the store adds the events
 * waiting to be published (its outbox) beside these fields.
 */
/** Which of a workspace's invoices a list shows: one status, archived or not; unset, all. */
export interface InvoiceListFilter {
  status?: string;
  archived?: boolean;
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
  items: EInvoiceLine[];
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
  /** E-invoice fields of the generate request (docs/e-invoicing.md); null when not given. */
  customer_address: PostalAddress | null;
  customer_electronic_address: ElectronicAddress | null;
  buyer_reference: string | null;
  purchase_order_reference: string | null;
  tax_category: TaxCategory | null;
  tax_exemption_reason: string | null;
  e_invoice: EInvoiceFormat | null;
  /**
   * The workspace's legal profile when the invoice was generated (null: it had none): the seller
   * the PDF prints and the e-invoice names, kept so a later profile change alters no invoice.
   */
  seller_profile: LegalProfile | null;
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
  /**
   * The Idempotency-Key in its source's namespace (`key {key}`, `dashboard {key}`; idempotencyScope), else
   * `none:${id}` (unique per workspace); `expired:…` once the key is older than 24 h.
   */
  idempotency_scope: string;
  request_fingerprint: string | null;
  /**
   * The response of the generate call (OpenAPI `GenerateInvoiceResult`), replayed byte for byte on
   * a retry; empty only between building the invoice and the generate filling it in, before the insert.
   */
  generate_response: Partial<GenerateResult>;
  pdf_status: string;
  pdf_file_id: string | null;
  /**
   * The as-issued archive (domain/archive.ts, docs/money-trail.md): the first PDF and e-invoice
   * XML, kept byte-identical, and until when. Absent on invoices made before the archive.
   */
  as_issued_pdf?: ArchivedCopyDoc | null;
  as_issued_e_invoice?: ArchivedCopyDoc | null;
  retain_until?: Date | null;
  /**
   * Copies recorded here (the invoice's or a credit note's) still to be marked kept in the pdf
   * service: the issuing call does it right after its write, the maintenance pass from this time
   * on when that call did not (service/archive.ts). Null or absent when nothing waits.
   */
  archive_due_at?: Date | null;
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
  /** Sum of the online `payments` amounts, in the invoice currency's fixed decimal text. */
  amount_received: string;
  /** Payments of this invoice, recorded and online, oldest first (absent on invoices made before them). */
  payments?: PaymentRecord[];
  /**
   * A test invoice: generated while its workspace was a test workspace, so test payments mark it
   * paid (docs/payments.md "Test mode"). Absent on invoices made before: live.
   */
  test_mode?: boolean;
  /** Test payments on a live invoice, oldest first, at most maxTestPayments; they change nothing else. */
  test_payments?: TestPaymentRecord[];
  /** Its credit notes, oldest first (docs/money-trail.md "Credit notes"); absent on invoices made before them. */
  credit_notes?: CreditNoteDoc[];
  /**
   * Ids of credit notes the maintenance pass gave up on (their issue went quiet): the write that
   * would store one of them refuses, so its number and credit, given back, stay given back.
   */
  void_credit_notes?: string[];
  time_zone: string;
  /** Changed only by compare-and-set; the events' `sequence` (1 after creation). */
  version: number;
  created_at: Date;
  updated_at: Date;
}

/**
 * The generate response object (OpenAPI `GenerateInvoiceResult`), stored on the invoice and
 * replayed as it was.
 */
export interface GenerateResult {
  id: string;
  invoice_number: string;
  pdf_url: string;
  credits_remaining: number | null;
  is_recurring: boolean;
  recurring?: RecurringBlock;
  template: TemplateRef | null;
  /** The invoice's test_mode; absent on answers stored before it existed (live invoices). */
  test_mode?: boolean;
}

/** The series a first recurring invoice started (`GenerateInvoiceResult.recurring`), nulls as the public JSON has them. */
export interface RecurringBlock {
  schedule_id: string;
  interval: string;
  occurrences: number;
  next_issue_date: string | null;
  end_date: string | null;
}

/**
 * A credit note as its invoice's document stores it (InvoiceDoc.credit_notes), oldest first. Its
 * figures are exact decimal text in the invoice's currency, positive: what it takes off the invoice.
 */
export interface CreditNoteDoc {
  /** cn_…: as unguessable as an invoice id, it opens the public PDF. */
  id: string;
  credit_note_number: string;
  number_period: string;
  number_seq: number;
  reason: string;
  /** The credited lines, computed as a generate's (computeTotals), with their e-invoice fields. */
  items: EInvoiceLine[];
  subtotal: string;
  /** The invoice's discount_total on a note that credits the whole invoice line by line, else '0'. */
  discount_total: string;
  /** The rate of lines that name none (the invoice's). */
  tax_rate: string;
  tax_amount: string;
  amount: string;
  currency: string;
  created_at: Date;
  /** api | dashboard. */
  source: string;
  /** The Idempotency-Key in its source's namespace (idempotencyScope), null without one. */
  idempotency_scope: string | null;
  request_fingerprint: string | null;
  /** What the issue answered beside the note, replayed as it was. */
  issue_response: { credits_remaining: number | null };
  pdf_file_id: string | null;
  /** ready once stored (the PDF is rendered before the note is). */
  pdf_status: string;
  /** The as-issued archive (domain/archive.ts), once kept. */
  as_issued_pdf?: ArchivedCopyDoc | null;
  as_issued_e_invoice?: ArchivedCopyDoc | null;
  retain_until?: Date | null;
}
