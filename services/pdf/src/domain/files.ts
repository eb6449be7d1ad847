import { createHash } from 'node:crypto';
import type { TemplateInfo } from './templates.ts';

/** What is stored with every PDF (GridFS `metadata`), i.e. pdf.v1 FileInfo without the file's own fields. */
export interface FileMetadata {
  workspace_id: string;
  invoice_id: string;
  content_type: string;
  download_name: string;
  sha256: string;
  pages: number;
  invoice_sequence: number;
  template: TemplateInfo | null;
  document_language: string;
  status_marking: string;
  /**
   * Kept as issued until then (pdf.proto ArchiveFiles, docs/money-trail.md "The as-issued
   * archive"): no delete removes the file before it. Absent on a file never archived.
   */
  archived_until?: Date;
}

/** pdf.v1.FileInfo as sent (int64 size as a string, docs/contracts.md §2.2). */
export interface FileInfo extends Omit<FileMetadata, 'template' | 'archived_until'> {
  file_id: string;
  size_bytes: string;
  template: TemplateInfo | null;
  created_at: string;
}

/** "{invoice_number}-{STATUS}.pdf" (docs/architecture.md#pdf), safe as a Content-Disposition file name. */
export function downloadName(invoiceNumber: string, marking: string): string {
  const safe = invoiceNumber.replace(/[^A-Za-z0-9._-]/g, '_');
  return `${safe}-${marking.toUpperCase()}.pdf`;
}

/** "{credit_note_number}.pdf" (docs/money-trail.md): a credit note has no status to name. */
export function creditNoteDownloadName(creditNoteNumber: string): string {
  return `${creditNoteNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Page count from the PDF's page objects ("/Type /Page", not "/Pages"). Chromium writes page
 * dictionaries uncompressed; when a PDF hides them in object streams, the /Count of the page tree
 * root is used instead.
 */
export function countPdfPages(pdf: Uint8Array): number {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  const pages = text.match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;
  if (pages > 0) return pages;
  const counts = [...text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)/g)].map((m) => Number(m[1]));
  return counts.length > 0 ? Math.max(...counts) : 0;
}

/** Whether a file is kept as issued at `now` (pdf.proto ArchiveFiles): then no delete removes it. */
export function keptAsIssued(metadata: Pick<FileMetadata, 'archived_until'> | undefined, now: Date): boolean {
  const until = metadata?.archived_until;
  return until !== undefined && until !== null && new Date(until) > now;
}
