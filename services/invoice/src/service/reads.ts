import { AppError } from '@invoice-platform/common/errors';
import { clampPage } from '@invoice-platform/common/paging';
import type { InvoiceDoc, InvoiceListFilter } from '../domain/invoice.ts';
import type { InvoiceStore } from '../store/invoices.ts';
import type { RenderRequests } from './render-requests.ts';
import type { WorkspaceCache } from './workspaces.ts';

export interface InvoiceReadsDeps {
  invoices: InvoiceStore;
  renderRequests: RenderRequests;
  workspaces: WorkspaceCache;
}

/**
 * Reads of stored invoices: the workspace's list, one invoice (by its workspace, or by its id
 * alone on the public page), its e-invoice and the render request the pdf service re-renders it
 * from. None of them changes anything.
 */
export class InvoiceReads {
  private readonly deps: InvoiceReadsDeps;

  constructor(deps: InvoiceReadsDeps) {
    this.deps = deps;
  }

  /** ListInvoices: a page as asked, brought within bounds (0 or missing meaning the default). */
  list(workspaceId: string, q: InvoiceListFilter & { page: number; pageSize: number }) {
    return this.deps.invoices.list(workspaceId, q, clampPage(q.page, q.pageSize));
  }

  /** GetInvoice: NOT_FOUND for another workspace's invoice. */
  get(workspaceId: string, id: string): Promise<InvoiceDoc> {
    return this.deps.invoices.get(workspaceId, id);
  }

  /** GetPublicInvoice: the id is the capability. */
  async getPublic(id: string): Promise<InvoiceDoc> {
    const doc = await this.deps.invoices.findPublic(id);
    if (!doc) throw new AppError('not_found', 'No such invoice.');
    return doc;
  }

  /** GetEInvoice: the invoice's e-invoice (docs/e-invoicing.md); NOT_FOUND when it has none. */
  async eInvoice(workspaceId: string, id: string) {
    return this.eInvoiceOf(await this.deps.invoices.get(workspaceId, id));
  }

  /** GetPublicEInvoice: the same for the public invoice page, where the id is the capability. */
  async publicEInvoice(id: string) {
    return this.eInvoiceOf(await this.getPublic(id));
  }

  /** GetRenderInput: what the pdf service renders the invoice as it is now from. */
  async renderInput(workspaceId: string, id: string) {
    const doc = await this.deps.invoices.get(workspaceId, id);
    return this.deps.renderRequests.forInvoice(doc, await this.deps.workspaces.get(workspaceId));
  }

  private async eInvoiceOf(doc: InvoiceDoc) {
    const file = await this.deps.renderRequests.eInvoice(doc, await this.deps.workspaces.get(doc.workspace_id));
    if (!file) throw new AppError('not_found', 'This invoice has no e-invoice: it was generated without e_invoice.');
    return file;
  }
}
