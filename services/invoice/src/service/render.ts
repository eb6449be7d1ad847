import { AppError } from '@invoice-platform/common/errors';
import type { UnaryClient } from '@invoice-platform/common/grpc';
import { statusMarking, type InvoiceStatus } from '../domain/status.ts';
import type { InvoiceDoc } from '../store/models.ts';

export interface WorkspaceInfo {
  id: string;
  name: string;
  plan: string;
  plan_state: string;
  time_zone: string;
  features: string[];
}

export interface FileInfo {
  file_id: string;
  download_name: string;
  size_bytes: string;
}

interface PaymentAccount {
  id: string;
  label: string;
  bank_name: string;
  account_name: string;
  account_number: string;
}

/**
 * Assembles the document the pdf service prints, the one place an invoice becomes a render
 * request (sync renders here, async re-renders through GetRenderInput).
 */
export class Renderer {
  private readonly pdf: UnaryClient;
  private readonly accounts: UnaryClient;
  private readonly baseUrl: string;

  constructor(pdf: UnaryClient, accounts: UnaryClient, baseUrl: string) {
    this.pdf = pdf;
    this.accounts = accounts;
    this.baseUrl = baseUrl.replace(/\/$/, '');
  }

  async renderRequest(doc: InvoiceDoc, workspace: WorkspaceInfo) {
    let paymentAccount: PaymentAccount | undefined;
    if (doc.payment_account) {
      const { accounts } = await this.accounts.call<{ accounts: PaymentAccount[] }>('ListPaymentAccounts', {
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
  async render(doc: InvoiceDoc, workspace: WorkspaceInfo): Promise<FileInfo> {
    const request = await this.renderRequest(doc, workspace);
    let lastError: unknown;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const res = await this.pdf.call<{ file: FileInfo }>('Render', request);
        return res.file;
      } catch (err) {
        lastError = err;
        if (AppError.isKind(err, 'validation')) break;
      }
    }
    throw Object.assign(
      new AppError('application', 'The PDF could not be generated. No credit was used; the request can be repeated.'),
      {
        cause: lastError,
      },
    );
  }

  async deleteFile(workspaceId: string, fileId: string): Promise<void> {
    await this.pdf.call('DeleteFile', { workspace_id: workspaceId, file_id: fileId });
  }
}
