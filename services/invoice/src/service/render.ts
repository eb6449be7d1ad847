import { AppError } from '@invoice-platform/common/errors';
import type { PaymentAccount__Output } from '@invoice-platform/protos/invoiceplatform/accounts/v1/PaymentAccount';
import type { WorkspaceProfile } from '@invoice-platform/common/contracts/workspace';
import type { FileInfo__Output } from '@invoice-platform/protos/invoiceplatform/pdf/v1/FileInfo';
import { statusMarking, type InvoiceStatus } from '../domain/status.ts';
import type { InvoiceDoc } from '../store/models.ts';
import type { AccountsClient, PdfClient } from './peers.ts';

/** What the invoice service reads of an accounts.v1 Workspace. */
export type WorkspaceInfo = WorkspaceProfile;

/** What the invoice service keeps of a pdf.v1 FileInfo. */
export type FileInfo = Pick<FileInfo__Output, 'file_id' | 'download_name' | 'size_bytes' | 'created_at'>;

/**
 * A rendered and stored file. `strays`: an earlier attempt failed in a way that may have lost the
 * answer of a render that stored its file (a timeout, an outage), so the pdf service may hold a
 * file of the invoice that nobody has the id of.
 */
export type Rendered = FileInfo & { strays: boolean };

/** Whether a failed render may have left a stored file behind (see Rendered). */
export function renderMayHaveStored(err: unknown): boolean {
  return (err as { strays?: unknown } | undefined)?.strays === true;
}

/**
 * Assembles the document the pdf service prints, the one place an invoice becomes a render
 * request (sync renders here, async re-renders through GetRenderInput).
 */
export class Renderer {
  private readonly pdf: PdfClient;
  private readonly accounts: AccountsClient;
  private readonly baseUrl: string;

  constructor(pdf: PdfClient, accounts: AccountsClient, baseUrl: string) {
    this.pdf = pdf;
    this.accounts = accounts;
    this.baseUrl = baseUrl.replace(/\/$/, '');
  }

  async renderRequest(doc: InvoiceDoc, workspace: WorkspaceInfo) {
    let paymentAccount: PaymentAccount__Output | undefined;
    if (doc.payment_account) {
      const { accounts } = await this.accounts.call('ListPaymentAccounts', {
        workspace_id: doc.workspace_id,
      });
      paymentAccount = accounts.find((a) => a.id === doc.payment_account);
    }
    const optional = (v: string | null) => (v === null ? undefined : v);
    return {
      workspace_id: doc.workspace_id,
      invoice_id: doc._id,
      template_id: doc.template?.id,
      document_language: doc.template ? doc.document_language : 'en',
      status_marking: statusMarking(doc.invoice_status as InvoiceStatus),
      invoice_sequence: doc.version,
      document: {
        invoice_id: doc._id,
        invoice_number: doc.invoice_number,
        issue_date: new Date(doc.issue_date).toISOString(),
        due_date: doc.due_date,
        paid_at: doc.paid_at ? new Date(doc.paid_at).toISOString() : undefined,
        invoice_status: doc.invoice_status,
        currency: doc.currency,
        seller: { name: workspace.name, address_lines: [] },
        customer: {
          name: doc.customer_name,
          email: optional(doc.customer_email),
          tax_id: optional(doc.customer_tax_id),
          address_lines: [],
        },
        items: doc.items,
        subtotal: doc.subtotal,
        discount_total: doc.discount_total,
        tax_rate: doc.tax_rate,
        tax_amount: doc.tax_amount,
        amount: doc.amount,
        notes: optional(doc.notes),
        custom_payment_notes: optional(doc.custom_payment_notes),
        footer_text: optional(doc.footer_text),
        payment_account: paymentAccount,
        payment_gateway: optional(doc.payment_gateway),
        payment_url: doc.payment_gateway ? `${this.baseUrl}/p/invoice/${doc._id}` : undefined,
        time_zone: doc.time_zone,
        is_recurring: doc.is_recurring,
        recurring_interval: doc.recurring_interval,
      },
    };
  }

  /**
   * Renders and stores the PDF, retrying once: a browser that just died is relaunched by the pdf
   * service on the next render. A render that still fails is the 400 of docs/architecture.md#pdf
   * (no credit used).
   */
  async render(doc: InvoiceDoc, workspace: WorkspaceInfo): Promise<Rendered> {
    const request = await this.renderRequest(doc, workspace);
    let lastError: unknown;
    let strays = false;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const res = await this.pdf.call('Render', request);
        if (res.file) return { ...res.file, strays };
        lastError = new AppError('internal', 'the pdf service answered Render without a file');
      } catch (err) {
        lastError = err;
        if (AppError.isKind(err, 'validation')) break;
        // A template refused for good (past a cap: the pdf service names the `limit`) is refused
        // again on every try.
        if (AppError.isKind(err, 'application') && err.details?.limit) break;
        // A refusal to print (application) comes before anything is stored; any other failure
        // may be a lost answer, the pdf service still storing the file after the call ended.
        if (!AppError.isKind(err, 'application')) strays = true;
      }
    }
    throw Object.assign(new AppError('application', failureMessage(lastError)), { cause: lastError, strays });
  }

  async deleteFile(workspaceId: string, fileId: string): Promise<void> {
    await this.pdf.call('DeleteFile', { workspace_id: workspaceId, file_id: fileId });
  }

  /**
   * Deletes the invoice's files stored before `storedBefore` (all when absent) except `keepFileId`
   * (pdf.proto DeleteInvoiceFiles). Callers: the sweep, only ever for an invoice whose floor is
   * at least `storedBefore`, or for a void invoice id.
   */
  async deleteInvoiceFiles(
    workspaceId: string,
    invoiceId: string,
    keepFileId?: string,
    storedBefore?: Date,
  ): Promise<number> {
    const res = await this.pdf.call('DeleteInvoiceFiles', {
      workspace_id: workspaceId,
      invoice_id: invoiceId,
      keep_file_id: keepFileId,
      stored_before: storedBefore?.toISOString(),
    });
    return res.deleted;
  }
}

/**
 * What a caller is told when its PDF could not be made: the pdf service's own words when they name
 * the template's fault (a helper error, a cap), which the workspace can fix and a retry cannot;
 * otherwise that a retry may work.
 */
export function failureMessage(err: unknown): string {
  const named =
    AppError.isKind(err, 'application') && /^The PDF could not be generated: /.test(err.message) ? err.message : '';
  return named
    ? `${named} No credit was used.`
    : 'The PDF could not be generated. No credit was used; the request can be repeated.';
}
