/**
 * The public HTTP contract as data (docs/architecture.md#public-contract): the gateway registers
 * its handlers, compiles its validators and builds the OpenAPI document from this one list.
 */
import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { FieldError } from '@invoice-platform/common/errors';
import { InvoiceIdParams, PdfFile, SeriesIdParams } from './common.ts';
import { GenerateInvoiceBody, GenerateInvoiceResponse, checkGenerateInvoice } from './generate.ts';
import {
  ArchiveInvoiceBody,
  InvoiceArchiveResponse,
  InvoiceListResponse,
  InvoicePdfBody,
  InvoicePdfResponse,
  InvoiceResponse,
  InvoiceStatusResponse,
  ListInvoicesQuery,
  TemplateListResponse,
  UpdateInvoiceStatusBody,
} from './invoice.ts';
import { AsIssuedQuery } from './archive.ts';
import {
  CreditNoteIdParams,
  CreditNoteListResponse,
  CreditNoteResponse,
  IssueCreditNoteBody,
  PaymentListResponse,
  PaymentResponse,
  RecordPaymentBody,
} from './money-trail.ts';
import {
  ChangeFrequencyBody,
  ChangeFrequencyResponse,
  ExtendRecurringBody,
  ExtendRecurringResponse,
  ListRecurringQuery,
  RecurringListResponse,
  RecurringSeriesResponse,
  RecurringStatusBody,
  SkipOccurrenceBody,
  checkCountOrEndDate,
} from './recurring.ts';

/**
 * Every operation of the public API. The handlers are a record over this type
 * (http/handlers.ts), so a route without its handler, or a handler under a misspelt name, does
 * not compile.
 */
export const operationIds = [
  'generateInvoice',
  'listInvoices',
  'listTemplates',
  'listRecurring',
  'getRecurring',
  'updateRecurringStatus',
  'extendRecurring',
  'changeRecurringFrequency',
  'skipRecurringOccurrence',
  'getInvoice',
  'updateInvoiceStatus',
  'archiveInvoice',
  'getInvoicePdf',
  'getEInvoice',
  'downloadInvoicePdf',
  'issueCreditNote',
  'listCreditNotes',
  'getCreditNote',
  'getCreditNotePdf',
  'getCreditNoteEInvoice',
  'recordPayment',
  'listPayments',
] as const;
export type OperationId = (typeof operationIds)[number];

export interface RouteSpec {
  operationId: OperationId;
  method: 'get' | 'post' | 'put';
  /** koa-router style, e.g. '/api/invoices/external/:id/status'. */
  path: string;
  summary: string;
  /** Longer text for the OpenAPI document. */
  description?: string;
  tag: 'Invoices' | 'Templates' | 'Recurring' | 'Credit notes' | 'Payments';
  params?: TObject;
  /** Without it the route ignores the query string. */
  query?: TObject;
  body?: TSchema;
  bodyRequired: boolean;
  /** The route accepts an Idempotency-Key header (generate, a credit note, a payment). */
  idempotencyKey?: boolean;
  /**
   * Rules between body fields that a schema cannot state clearly; called only with a body that
   * passed the schema, so it may rely on the field types. Paths start with 'body'.
   */
  check?: (body: never) => FieldError[];
  /**
   * A JSON `{data: …}` by default; `contentType` for a document answered as it is (the e-invoice
   * XML, a credit note's PDF).
   */
  success: { status: 200; schema: TSchema; contentType?: 'application/xml' | 'application/pdf' };
  /**
   * The error statuses the endpoint can answer (docs/architecture.md#errors); the OpenAPI document
   * lists exactly these.
   */
  errors: number[];
}

const byIdErrors = [400, 403, 404, 429];

/** In registration order: the static paths come before the `:id` paths they would otherwise match. */
export const publicRoutes: RouteSpec[] = [
  {
    operationId: 'generateInvoice',
    method: 'post',
    path: '/api/invoices/generate-external',
    summary: 'Generate an invoice',
    description:
      'Creates an invoice and its PDF and uses 1 invoice credit. The invoice is not emailed. ' +
      'A retry with the same Idempotency-Key and the same body returns the first response with ' +
      'Idempotent-Replayed: true; the same key with a different body gives 422, and while the first ' +
      'request is still processing, 409. Keys are kept 24 hours per workspace.',
    tag: 'Invoices',
    body: GenerateInvoiceBody,
    bodyRequired: true,
    idempotencyKey: true,
    check: checkGenerateInvoice,
    success: { status: 200, schema: GenerateInvoiceResponse },
    errors: [400, 402, 403, 409, 422, 429],
  },
  {
    operationId: 'listInvoices',
    method: 'get',
    path: '/api/invoices/external',
    summary: 'List invoices',
    description: 'Newest first.',
    tag: 'Invoices',
    query: ListInvoicesQuery,
    bodyRequired: false,
    success: { status: 200, schema: InvoiceListResponse },
    errors: [400, 403, 429],
  },
  {
    operationId: 'listTemplates',
    method: 'get',
    path: '/api/invoices/external/templates',
    summary: 'List invoice templates',
    description: 'The templates that can be named in the template field of a generate request.',
    tag: 'Templates',
    bodyRequired: false,
    success: { status: 200, schema: TemplateListResponse },
    errors: [403, 429],
  },
  {
    operationId: 'listRecurring',
    method: 'get',
    path: '/api/invoices/external/recurring',
    summary: 'List recurring series',
    description: 'Newest first. The series are listed without their occurrences.',
    tag: 'Recurring',
    query: ListRecurringQuery,
    bodyRequired: false,
    success: { status: 200, schema: RecurringListResponse },
    errors: [400, 403, 429],
  },
  {
    operationId: 'getRecurring',
    method: 'get',
    path: '/api/invoices/external/recurring/:id',
    summary: 'Get a recurring series',
    description: 'The series with all its occurrences.',
    tag: 'Recurring',
    params: SeriesIdParams,
    bodyRequired: false,
    success: { status: 200, schema: RecurringSeriesResponse },
    errors: byIdErrors,
  },
  {
    operationId: 'updateRecurringStatus',
    method: 'put',
    path: '/api/invoices/external/recurring/:id/status',
    summary: 'Pause or resume a recurring series',
    description: 'Resuming requires a plan with recurring invoices.',
    tag: 'Recurring',
    params: SeriesIdParams,
    body: RecurringStatusBody,
    bodyRequired: true,
    success: { status: 200, schema: RecurringSeriesResponse },
    errors: byIdErrors,
  },
  {
    operationId: 'extendRecurring',
    method: 'put',
    path: '/api/invoices/external/recurring/:id/extend',
    summary: 'Extend a recurring series',
    description: 'Adds occurrences after the last one. Send count or end_date, not both.',
    tag: 'Recurring',
    params: SeriesIdParams,
    body: ExtendRecurringBody,
    bodyRequired: true,
    check: checkCountOrEndDate,
    success: { status: 200, schema: ExtendRecurringResponse },
    errors: byIdErrors,
  },
  {
    operationId: 'changeRecurringFrequency',
    method: 'put',
    path: '/api/invoices/external/recurring/:id/frequency',
    summary: 'Change the frequency of a recurring series',
    description:
      'The upcoming occurrences not yet generated are replaced; generated ones are kept. ' +
      'Send count or end_date, not both.',
    tag: 'Recurring',
    params: SeriesIdParams,
    body: ChangeFrequencyBody,
    bodyRequired: true,
    check: checkCountOrEndDate,
    success: { status: 200, schema: ChangeFrequencyResponse },
    errors: byIdErrors,
  },
  {
    operationId: 'skipRecurringOccurrence',
    method: 'post',
    path: '/api/invoices/external/recurring/:id/skip',
    summary: 'Skip an upcoming occurrence',
    description: 'Removes the upcoming occurrence of that date. Occurrences that already produced an invoice stay.',
    tag: 'Recurring',
    params: SeriesIdParams,
    body: SkipOccurrenceBody,
    bodyRequired: true,
    success: { status: 200, schema: RecurringSeriesResponse },
    errors: byIdErrors,
  },
  {
    operationId: 'getInvoice',
    method: 'get',
    path: '/api/invoices/external/:id',
    summary: 'Get an invoice',
    description:
      'The invoice as it is now: its customer, totals, status, archive state and PDF file (pdf_url, pdf_status).',
    tag: 'Invoices',
    params: InvoiceIdParams,
    bodyRequired: false,
    success: { status: 200, schema: InvoiceResponse },
    errors: byIdErrors,
  },
  {
    operationId: 'updateInvoiceStatus',
    method: 'put',
    path: '/api/invoices/external/:id/status',
    summary: 'Update the status of an invoice',
    description: 'Never sends an email. A status change sends the matching webhook event.',
    tag: 'Invoices',
    params: InvoiceIdParams,
    body: UpdateInvoiceStatusBody,
    bodyRequired: true,
    success: { status: 200, schema: InvoiceStatusResponse },
    errors: byIdErrors,
  },
  {
    operationId: 'archiveInvoice',
    method: 'put',
    path: '/api/invoices/external/:id/archive',
    summary: 'Archive or unarchive an invoice',
    description: 'Sends no webhook event.',
    tag: 'Invoices',
    params: InvoiceIdParams,
    body: ArchiveInvoiceBody,
    bodyRequired: true,
    success: { status: 200, schema: InvoiceArchiveResponse },
    errors: byIdErrors,
  },
  {
    operationId: 'getInvoicePdf',
    method: 'post',
    path: '/api/invoices/external/:id/pdf',
    summary: 'Get or regenerate the PDF of an invoice',
    description: 'The file is regenerated when it is missing or when force is true.',
    tag: 'Invoices',
    params: InvoiceIdParams,
    body: InvoicePdfBody,
    bodyRequired: false,
    success: { status: 200, schema: InvoicePdfResponse },
    errors: byIdErrors,
  },
  {
    operationId: 'getEInvoice',
    method: 'get',
    path: '/api/invoices/external/:id/e-invoice',
    summary: 'Get the e-invoice XML of an invoice',
    description:
      'The EN 16931 XML of an invoice generated with e_invoice, in its format: the CII document a Factur-X PDF embeds ' +
      '(factur-x), XRechnung 3.0 UBL (xrechnung) or Peppol BIS Billing 3.0 UBL (peppol). 404 when the invoice has none. ' +
      'With as_issued=true: the XML kept when the invoice was issued, byte for byte.',
    tag: 'Invoices',
    params: InvoiceIdParams,
    query: AsIssuedQuery,
    bodyRequired: false,
    success: {
      status: 200,
      schema: Type.String({ description: 'The XML document (UTF-8), as a file to keep or send on.' }),
      contentType: 'application/xml',
    },
    errors: byIdErrors,
  },
  {
    operationId: 'downloadInvoicePdf',
    method: 'get',
    path: '/api/invoices/external/:id/pdf',
    summary: 'Download the PDF of an invoice',
    description:
      "The file at the invoice's pdf_url, as a download (POST …/pdf answers its URL and can regenerate it). With " +
      'as_issued=true: the first PDF of the invoice, byte for byte as it was issued, whatever was regenerated since ' +
      "(its SHA-256 is the invoice's as_issued_pdf.sha256); 404 when none was kept.",
    tag: 'Invoices',
    params: InvoiceIdParams,
    query: AsIssuedQuery,
    bodyRequired: false,
    success: {
      status: 200,
      schema: PdfFile,
      contentType: 'application/pdf',
    },
    errors: byIdErrors,
  },
  // The money trail (docs/money-trail.md): after the invoice's own `:id` routes, whose paths differ.
  {
    operationId: 'issueCreditNote',
    method: 'post',
    path: '/api/invoices/external/:id/credit-notes',
    summary: 'Issue a credit note for an invoice',
    description:
      'Corrects an issued invoice: credits the given items, or without items the whole amount still creditable ' +
      '(amount − amount_credited). Uses 1 invoice credit, as a document does, and is numbered ' +
      'CN-{workspace id}-{YYYYMM}-{sequence}, its own gapless sequence. The notes of an invoice never total more ' +
      'than its amount: a note that would pass it is a 400 naming items; one on a cancelled invoice is a 400 ' +
      'too. When the note brings amount_due to 0 the invoice becomes cancelled (nothing paid) or ' +
      'paid (payments cover the rest), with its event. Idempotency-Key as generate: a retry with the same key ' +
      'and body returns the first response with Idempotent-Replayed: true, another body gives 422. A refusal uses ' +
      'no credit and writes nothing.',
    tag: 'Credit notes',
    params: InvoiceIdParams,
    body: IssueCreditNoteBody,
    bodyRequired: true,
    idempotencyKey: true,
    success: { status: 200, schema: CreditNoteResponse },
    errors: [400, 402, 403, 404, 409, 422, 429],
  },
  {
    operationId: 'listCreditNotes',
    method: 'get',
    path: '/api/invoices/external/:id/credit-notes',
    summary: "List an invoice's credit notes",
    description: 'Oldest first.',
    tag: 'Credit notes',
    params: InvoiceIdParams,
    bodyRequired: false,
    success: { status: 200, schema: CreditNoteListResponse },
    errors: byIdErrors,
  },
  {
    operationId: 'getCreditNote',
    method: 'get',
    path: '/api/credit-notes/external/:id',
    summary: 'Get a credit note',
    description: "The note, the invoice it corrects and its lines. Another workspace's note is 404.",
    tag: 'Credit notes',
    params: CreditNoteIdParams,
    bodyRequired: false,
    success: { status: 200, schema: CreditNoteResponse },
    errors: byIdErrors,
  },
  {
    operationId: 'getCreditNotePdf',
    method: 'get',
    path: '/api/credit-notes/external/:id/pdf',
    summary: 'Download the PDF of a credit note',
    description:
      "The file at the note's pdf_url, as a download named after its number. 404 while it is not rendered yet.",
    tag: 'Credit notes',
    params: CreditNoteIdParams,
    query: AsIssuedQuery,
    bodyRequired: false,
    success: {
      status: 200,
      schema: PdfFile,
      contentType: 'application/pdf',
    },
    errors: byIdErrors,
  },
  {
    operationId: 'getCreditNoteEInvoice',
    method: 'get',
    path: '/api/credit-notes/external/:id/e-invoice',
    summary: 'Get the e-invoice XML of a credit note',
    description:
      "The note as an EN 16931 credit note in its invoice's e-invoice format: CII with TypeCode 381 (factur-x), " +
      'a UBL CreditNote (xrechnung, peppol), naming the invoice it corrects (BT-25, BT-26). 404 when the invoice ' +
      'has no e-invoice.',
    tag: 'Credit notes',
    params: CreditNoteIdParams,
    query: AsIssuedQuery,
    bodyRequired: false,
    success: {
      status: 200,
      schema: Type.String({ description: 'The XML document (UTF-8), as a file to keep or send on.' }),
      contentType: 'application/xml',
    },
    errors: byIdErrors,
  },
  {
    operationId: 'recordPayment',
    method: 'post',
    path: '/api/invoices/external/:id/payments',
    summary: 'Record a payment of an invoice',
    description:
      'A payment received outside the platform (bank transfer, cash, card…), whole or partial. More than ' +
      'amount_due is a 400 naming amount, and a paid or cancelled invoice takes none. When amount_due reaches 0 ' +
      'the invoice becomes paid, with invoice.paid. Idempotency-Key as generate: a retry with the same key and ' +
      'body returns the first response with Idempotent-Replayed: true, another body gives 422. A refusal writes ' +
      'nothing.',
    tag: 'Payments',
    params: InvoiceIdParams,
    body: RecordPaymentBody,
    bodyRequired: true,
    idempotencyKey: true,
    success: { status: 200, schema: PaymentResponse },
    errors: [400, 403, 404, 409, 422, 429],
  },
  {
    operationId: 'listPayments',
    method: 'get',
    path: '/api/invoices/external/:id/payments',
    summary: "List an invoice's payments",
    description: 'Oldest first: the payments recorded and those taken online through its payment gateway.',
    tag: 'Payments',
    params: InvoiceIdParams,
    bodyRequired: false,
    success: { status: 200, schema: PaymentListResponse },
    errors: byIdErrors,
  },
];
