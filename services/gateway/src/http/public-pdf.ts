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
  const stream = peers.pdf.stream('StreamFile', { workspace_id: inv.workspace_id, file_id: inv.pdf_file_id });
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
