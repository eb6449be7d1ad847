/**
 * Every value list of the public contract, written once. The gateway's TypeBox schemas (so the
 * OpenAPI and AsyncAPI documents), the services' own checks and the catalogue of words derive
 * from these; a test compares the served OpenAPI enums with them.
 */

/** document_language: the 12 languages of the documents, the email and the public page. */
export const documentLanguages = ['en', 'id', 'es', 'fr', 'de', 'nl', 'it', 'pt', 'zh', 'ja', 'hi', 'ar'] as const;
export type DocumentLanguage = (typeof documentLanguages)[number];

/** recurring_interval of a series ("none" is only the invoice's value when it has no series). */
export const recurringIntervals = ['weekly', 'fortnightly', 'monthly', 'quarterly', 'semi-annually', 'yearly'] as const;
export type RecurringInterval = (typeof recurringIntervals)[number];

/** Plans in ascending order: a template with min_plan P is usable on P and above. */
export const plans = ['free', 'professional', 'specialist', 'business', 'enterprise'] as const;
export type Plan = (typeof plans)[number];

/** payment_gateway: the providers a workspace can connect (their credentials: payment-providers.ts). */
export const paymentProviders = ['midtrans', 'xendit', 'stripe', 'paypal', 'razorpay', 'mollie'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

export const invoiceStatuses = ['unpaid', 'paid', 'overdue', 'cancelled'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const pdfStatuses = ['idle', 'processing', 'ready', 'failed'] as const;
export type PdfStatus = (typeof pdfStatuses)[number];

/** The invoice.lifecycle.v1 types webhook endpoints receive; the others are internal. */
export const publicLifecycleTypes = [
  'invoice.created',
  'invoice.paid',
  'invoice.overdue',
  'invoice.cancelled',
] as const;
export type PublicLifecycleType = (typeof publicLifecycleTypes)[number];

/**
 * The opt-in types of invoice.lifecycle.v1 (docs/money-trail.md "Events"): a credit note issued
 * (data.object the CreditNote, data.invoice the invoice after it) and a payment recorded on an
 * invoice (data.object the invoice after it, data.payment the Payment).
 */
export const moneyTrailEventTypes = ['credit_note.created', 'invoice.payment_recorded'] as const;
export type MoneyTrailEventType = (typeof moneyTrailEventTypes)[number];

/**
 * Event types a webhook endpoint receives only when it names them (recurring.v1's, and the money
 * trail's of invoice.lifecycle.v1): an endpoint registered with no types, or with the four above,
 * gets none of them, so a client that knows only the four sees no change.
 */
export const optInEventTypes = ['recurring.paused', ...moneyTrailEventTypes] as const;
export type OptInEventType = (typeof optInEventTypes)[number];

/** The invoice.lifecycle.v1 types no webhook endpoint receives: for the platform's own consumers. */
export const internalLifecycleTypes = ['invoice.status_changed', 'invoice.archived', 'invoice.pdf_updated'] as const;

/** Every type of invoice.lifecycle.v1: the one list the invoice service writes and the contracts describe. */
export const lifecycleTypes = [...publicLifecycleTypes, ...internalLifecycleTypes, ...moneyTrailEventTypes] as const;
export type LifecycleType = (typeof lifecycleTypes)[number];

/** Payment.method: how a payment was received; `online` only for one taken through a provider. */
export const recordedPaymentMethods = ['bank_transfer', 'cash', 'card', 'other'] as const;
export type RecordedPaymentMethod = (typeof recordedPaymentMethods)[number];
export const paymentMethods = [...recordedPaymentMethods, 'online'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** True when `value` is one of `list`, narrowing it to the list's type. */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}
