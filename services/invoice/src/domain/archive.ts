/**
 * The as-issued archive (docs/money-trail.md "The as-issued archive"): the first PDF and the first
 * e-invoice XML of every invoice and credit note, kept byte-identical in the pdf service with
 * their SHA-256 on the record, and never deleted before the record's retain_until.
 */

/** A copy kept as issued, as the invoice's document stores it (proto ArchivedCopy). */
export interface ArchivedCopyDoc {
  /** A file of the pdf service, named by the document's id. */
  file_id: string;
  /** Hex SHA-256 of the bytes, taken when they were stored. */
  sha256: string;
  size_bytes: number;
  content_type: string;
  stored_at: Date;
}

export type ArchiveKind = 'pdf' | 'e_invoice';
export const archiveKinds: readonly ArchiveKind[] = ['pdf', 'e_invoice'];

/** What a document kept as issued carries: an invoice, or a credit note inside it. */
export interface ArchivedRecord {
  as_issued_pdf?: ArchivedCopyDoc | null;
  as_issued_e_invoice?: ArchivedCopyDoc | null;
  retain_until?: Date | null;
}

/** Years kept when the workspace states none: the longest of the laws the platform serves (DE 8/10, FR 10). */
export const defaultRetentionYears = 10;
export const minRetentionYears = 1;
export const maxRetentionYears = 100;

/** What a pdf.v1 FileInfo says of a stored file, as the invoice service reads it. */
export interface StoredFileFacts {
  file_id: string;
  sha256: string;
  size_bytes: string | number;
  content_type: string;
  created_at: string;
}

export function archivedCopy(file: StoredFileFacts): ArchivedCopyDoc {
  return {
    file_id: file.file_id,
    sha256: file.sha256,
    size_bytes: Number(file.size_bytes),
    content_type: file.content_type,
    stored_at: new Date(file.created_at),
  };
}

/**
 * Until when a document issued at `issuedAt` is kept: the workspace's retention then (unset: the
 * default). Calendar years in UTC, so 29 February steps to 1 March of a common year.
 */
export function retainUntil(issuedAt: Date, retentionYears: number | null | undefined): Date {
  const years =
    retentionYears && retentionYears >= minRetentionYears && retentionYears <= maxRetentionYears
      ? Math.floor(retentionYears)
      : defaultRetentionYears;
  const until = new Date(issuedAt.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + years);
  return until;
}

/** One archived copy of an invoice's document, as verify and the archive's finishing read them. */
export interface ArchivedFileRef {
  /** The invoice or credit note id: the pdf service names the file by it. */
  document_id: string;
  document_number: string;
  kind: ArchiveKind;
  copy: ArchivedCopyDoc;
  retain_until: Date | null;
}

/** An invoice's own document and its credit notes, as far as the archive reads them. */
export interface ArchiveHolder extends ArchivedRecord {
  _id: string;
  invoice_number: string;
  credit_notes?: readonly (ArchivedRecord & { id: string; credit_note_number: string })[];
}

/** Every copy an invoice's document holds: its own, then each credit note's, oldest first. */
export function archivedFiles(doc: ArchiveHolder): ArchivedFileRef[] {
  const refs: ArchivedFileRef[] = [];
  const add = (id: string, number: string, record: ArchivedRecord) => {
    const until = record.retain_until ? new Date(record.retain_until) : null;
    if (record.as_issued_pdf)
      refs.push({
        document_id: id,
        document_number: number,
        kind: 'pdf',
        copy: record.as_issued_pdf,
        retain_until: until,
      });
    if (record.as_issued_e_invoice)
      refs.push({
        document_id: id,
        document_number: number,
        kind: 'e_invoice',
        copy: record.as_issued_e_invoice,
        retain_until: until,
      });
  };
  add(doc._id, doc.invoice_number, doc);
  for (const note of doc.credit_notes ?? []) add(note.id, note.credit_note_number, note);
  return refs;
}

/** The file ids an invoice's document keeps as issued: never deleted by a sweep or a re-render. */
export function keptFileIds(doc: ArchiveHolder): Set<string> {
  return new Set(archivedFiles(doc).map((ref) => ref.copy.file_id));
}

/** The copy of `kind` kept for `documentId` (the invoice or one of its credit notes), or null. */
export function asIssuedCopy(doc: ArchiveHolder, documentId: string, kind: ArchiveKind): ArchivedFileRef | null {
  return archivedFiles(doc).find((ref) => ref.document_id === documentId && ref.kind === kind) ?? null;
}

/** How the archive's maintenance waits before finishing a copy the issuing call is still keeping. */
export const archiveGraceMs = 30_000;
