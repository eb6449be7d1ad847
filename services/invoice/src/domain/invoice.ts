import type {
  EInvoiceFormat,
  ElectronicAddress,
  LegalProfile,
  PostalAddress,
  TaxCategory,
} from '@invoice-platform/common/contracts/e-invoice';
import type { EInvoiceLine } from './e-invoice/input.ts';

/** The template an invoice is printed with (pdf.v1 ResolveTemplate); null for the plain built-in layout. */
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

/**
 * A test payment recorded on a live invoice (docs/payments.md "Test mode"): listed, never counted.
 * (gateway, provider_payment_id) is its idempotency key, as for a payment.
 */
export type TestPaymentRecord = Omit<PaymentRecord, 'invoice_status'>;

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
  /**
   * A test invoice: generated while its workspace was a test workspace, so test payments mark it
   * paid (docs/payments.md "Test mode"). Absent on invoices made before: live.
   */
  test_mode?: boolean;
  /** Test payments on a live invoice, oldest first, at most maxTestPayments; they change nothing else. */
  test_payments?: TestPaymentRecord[];
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
