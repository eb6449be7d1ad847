import { Readable } from 'node:stream';
import { AppError } from '@invoice-platform/common/errors';
import type { InvoiceClient, PdfClient } from '../service/peers.ts';

export interface PublicPdf {
  downloadName: string;
  sizeBytes: number;
  /** The bytes as the pdf service streams them: never the whole file in the gateway's memory. */
  body: Readable;
}

/**
 * The latest file of an invoice for its public URL (docs/architecture.md#pdf). Unknown ids and
 * missing files are 404s, known before any byte is sent: the pdf service checks the file before
 * its first message, which carries the size, so the response has an exact Content-Length.
 */
export async function openPublicPdf(peers: { invoice: InvoiceClient; pdf: PdfClient }, id: string): Promise<PublicPdf> {
  const inv = await peers.invoice.call('GetPublicInvoice', { invoice_id: id });
  if (!inv.pdf_file_id) throw new AppError('not_found', 'This invoice has no PDF yet.');
  return openPdfFile(peers.pdf, inv.workspace_id, inv.pdf_file_id);
}

/**
 * A credit note's PDF: its public URL {base_url}/p/credit-note/{id}/pdf (no workspace: the
 * unguessable id is the capability), or the API's download (the workspace's own notes only).
 */
export async function openCreditNotePdf(
  peers: { invoice: InvoiceClient; pdf: PdfClient },
  id: string,
  workspaceId?: string,
): Promise<PublicPdf & { creditNoteNumber: string }> {
  const note =
    workspaceId === undefined
      ? await peers.invoice.call('GetPublicCreditNote', { credit_note_id: id })
      : await peers.invoice.call('GetCreditNote', { workspace_id: workspaceId, credit_note_id: id });
  if (!note.pdf_file_id) throw new AppError('not_found', 'This credit note has no PDF yet.');
  const file = await openPdfFile(peers.pdf, note.workspace_id, note.pdf_file_id);
  return { ...file, creditNoteNumber: note.credit_note_number };
}

/** The latest PDF of one of the workspace's invoices (OpenAPI `downloadInvoicePdf`). */
export async function openInvoicePdf(
  peers: { invoice: InvoiceClient; pdf: PdfClient },
  workspaceId: string,
  id: string,
): Promise<PublicPdf> {
  const inv = await peers.invoice.call('GetInvoice', { workspace_id: workspaceId, invoice_id: id });
  if (!inv.pdf_file_id) throw new AppError('not_found', 'This invoice has no PDF yet.');
  return openPdfFile(peers.pdf, workspaceId, inv.pdf_file_id);
}

/**
 * The copy of an invoice (inv_…) or credit note (cn_…) kept as issued (docs/money-trail.md "The
 * as-issued archive"), `kind` pdf or e_invoice: 404 when none was kept.
 */
export async function openAsIssued(
  peers: { invoice: InvoiceClient; pdf: PdfClient },
  workspaceId: string,
  documentId: string,
  kind: 'pdf' | 'e_invoice',
): Promise<PublicPdf & { contentType: string; sha256: string }> {
  const copy = await peers.invoice.call('GetAsIssued', { workspace_id: workspaceId, document_id: documentId, kind });
  const file = await openPdfFile(peers.pdf, workspaceId, copy.file_id);
  return { ...file, contentType: copy.content_type, sha256: copy.sha256 };
}

/** A file of the pdf service, its size known before the first byte (see openPublicPdf). */
async function openPdfFile(pdf: PdfClient, workspaceId: string, fileId: string): Promise<PublicPdf> {
  const stream = pdf.stream('StreamFile', { workspace_id: workspaceId, file_id: fileId });
  const parts = stream[Symbol.asyncIterator]();
  const first = await parts.next();
  const info = first.done ? undefined : first.value.info;
  if (!info) {
    await parts.return?.();
    throw new AppError('internal', 'the file stream did not start with its info');
  }
  async function* chunks() {
    try {
      for (;;) {
        const next = await parts.next();
        if (next.done) return;
        if (next.value.chunk) yield next.value.chunk;
      }
    } finally {
      // A client that went away cancels the gRPC stream too.
      await parts.return?.();
    }
  }
  return { downloadName: info.download_name, sizeBytes: Number(info.size_bytes), body: Readable.from(chunks()) };
}
