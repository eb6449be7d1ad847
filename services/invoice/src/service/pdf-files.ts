import { AppError } from '@invoice-platform/common/errors';
import type { FileInfo__Output } from '@invoice-platform/protos/invoiceplatform/pdf/v1/FileInfo';
import type { RenderRequest } from '@invoice-platform/protos/invoiceplatform/pdf/v1/RenderRequest';
import type { PdfClient } from './peers.ts';

/** What the invoice service keeps of a pdf.v1 FileInfo. */
export type FileInfo = Pick<
  FileInfo__Output,
  'file_id' | 'download_name' | 'size_bytes' | 'created_at' | 'sha256' | 'content_type'
>;

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

export interface PdfFilesDeps {
  pdf: PdfClient;
}

/** The invoices' PDF files in the pdf service: rendered and stored there, deleted there. */
export class PdfFiles {
  private readonly deps: PdfFilesDeps;

  constructor(deps: PdfFilesDeps) {
    this.deps = deps;
  }

  /**
   * Renders and stores the PDF, retrying once: a browser that just died is relaunched by the pdf
   * service on the next render. A render that still fails is the 400 of docs/architecture.md#pdf
   * (no credit used).
   */
  async render(request: RenderRequest): Promise<Rendered> {
    let lastError: unknown;
    let strays = false;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const res = await this.deps.pdf.call('Render', request);
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
    await this.deps.pdf.call('DeleteFile', { workspace_id: workspaceId, file_id: fileId });
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
    const res = await this.deps.pdf.call('DeleteInvoiceFiles', {
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
function failureMessage(err: unknown): string {
  const named =
    AppError.isKind(err, 'application') && /^The PDF could not be generated: /.test(err.message) ? err.message : '';
  return named
    ? `${named} No credit was used.`
    : 'The PDF could not be generated. No credit was used; the request can be repeated.';
}
