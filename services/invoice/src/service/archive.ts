import { AppError } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import { createHash } from 'node:crypto';
import {
  type ArchivedCopyDoc,
  type ArchivedFileRef,
  type ArchiveKind,
  archiveGraceMs,
  archivedCopy,
  archivedFiles,
  archiveKinds,
  asIssuedCopy,
  retainUntil,
} from '../domain/archive.ts';
import type { InvoiceDoc } from '../domain/invoice.ts';
import type { WorkspaceInfo } from '../domain/workspace.ts';
import type { InvoiceStore } from '../store/invoices.ts';
import type { PdfClient } from './peers.ts';

/** Invoices read at a time by the maintenance pass, and batches per pass (the rest waits). */
const dueBatch = 100;
const dueBatchesPerPass = 5;
/** How long one replica holds the keeping of an invoice's copies before another may take it over. */
const leaseMs = 60_000;
/** VerifyArchive's page size: invoices (each with its credit notes) per page. */
export const defaultVerifyPageSize = 200;
export const maxVerifyPageSize = 500;

export interface AsIssuedArchiveDeps {
  invoices: InvoiceStore;
  pdf: PdfClient;
  log: Logger;
  now: () => Date;
}

/** A copy whose bytes no longer hash to what was recorded (invoice.proto ArchiveMismatch). */
export interface ArchiveMismatch {
  document_id: string;
  document_number: string;
  kind: ArchiveKind;
  file_id: string;
  expected_sha256: string;
  /** Empty when the file is missing. */
  actual_sha256: string;
}

/**
 * The as-issued archive (docs/money-trail.md "The as-issued archive"). A copy is recorded on its
 * document in the very write that issues it (the generate's insert, a credit note's change), with
 * archive_due_at set; right after that write the issuing call asks the pdf service to keep the
 * files (ArchiveFiles), and when it could not, the maintenance pass does, leased and bounded. Until
 * then no sweep touches the document's files (Leftovers.sweep keeps them first) and no re-render
 * deletes a kept file (changes.ts), so a copy is never lost in between; and a document that was
 * never stored recorded nothing, so nothing of it stays kept.
 */
export class AsIssuedArchive {
  private readonly deps: AsIssuedArchiveDeps;

  constructor(deps: AsIssuedArchiveDeps) {
    this.deps = deps;
  }

  /** The retain_until of a document issued now (the workspace's retention, 10 years by default). */
  retainUntil(workspace: WorkspaceInfo, issuedAt: Date): Date {
    return retainUntil(issuedAt, workspace.retention_years);
  }

  /** When the maintenance pass may keep copies recorded at `now` if the issuing call did not. */
  dueAt(now: Date): Date {
    return new Date(now.getTime() + archiveGraceMs);
  }

  /** The copy record of a rendered PDF (pdf.v1 FileInfo). */
  pdfCopy(file: Parameters<typeof archivedCopy>[0]): ArchivedCopyDoc {
    return archivedCopy(file);
  }

  /**
   * Stores an e-invoice XML as issued, as a file of `documentId` in the pdf service, before the
   * document itself is stored: the issuing call deletes it when it then fails, and the sweeps of a
   * void id find it (it is named by the id).
   */
  async storeEInvoice(
    workspaceId: string,
    documentId: string,
    xml: string,
    filename: string,
  ): Promise<ArchivedCopyDoc> {
    const res = await this.deps.pdf.call('StoreFile', {
      workspace_id: workspaceId,
      invoice_id: documentId,
      content_type: 'application/xml',
      download_name: filename,
      content: Buffer.from(xml, 'utf8'),
    });
    if (!res.file) throw new AppError('internal', 'the pdf service answered StoreFile without a file');
    return archivedCopy(res.file);
  }

  /**
   * For IssueCreditNote, before its write: records the note's as-issued copies on it (the PDF just
   * rendered; with an e-invoice XML, that XML stored now as a file of the note's id) and its
   * retain_until. The write that stores the note then sets the invoice's archive_due_at
   * (dueAt(now)), and after it the issuing call calls keepOrLeave(invoice after). When this throws,
   * nothing was recorded; an XML stored here before a later failure is the caller's to delete
   * (note.as_issued_e_invoice.file_id) like its PDF, or the void id's sweep finds it.
   */
  async recordCreditNote(
    note: {
      id: string;
      as_issued_pdf?: ArchivedCopyDoc | null;
      as_issued_e_invoice?: ArchivedCopyDoc | null;
      retain_until?: Date | null;
    },
    pdf: Parameters<typeof archivedCopy>[0],
    xml: { xml: string; filename: string } | null,
    workspace: WorkspaceInfo,
    now: Date,
  ): Promise<void> {
    const until = this.retainUntil(workspace, now);
    const eInvoice = xml ? await this.storeEInvoice(workspace.id, note.id, xml.xml, xml.filename) : null;
    note.as_issued_pdf = archivedCopy(pdf);
    note.as_issued_e_invoice = eInvoice;
    note.retain_until = until;
  }

  /**
   * Asks the pdf service to keep every copy `doc` records (idempotent), then clears its
   * archive_due_at unless a later write set it again. Throws when the pdf service could not be
   * asked: the copies stay due.
   */
  async keep(doc: InvoiceDoc): Promise<void> {
    const byDocument = new Map<string, { fileIds: string[]; until: Date }>();
    for (const ref of archivedFiles(doc)) {
      const until = ref.retain_until ?? retainUntil(new Date(doc.created_at), null);
      const entry = byDocument.get(ref.document_id) ?? { fileIds: [], until };
      entry.fileIds.push(ref.copy.file_id);
      byDocument.set(ref.document_id, entry);
    }
    for (const [documentId, { fileIds, until }] of byDocument) {
      const res = await this.deps.pdf.call('ArchiveFiles', {
        workspace_id: doc.workspace_id,
        invoice_id: documentId,
        file_ids: fileIds,
        retain_until: until.toISOString(),
      });
      // Lost before it was kept: nothing brings it back; VerifyArchive reports it.
      if (res.missing.length > 0)
        this.deps.log.error({ invoice_id: doc._id, missing: res.missing.length }, 'as-issued files missing when kept');
    }
    if (doc.archive_due_at) await this.deps.invoices.archiveDone(doc);
  }

  /** keep() after an issuing write, never failing the call: the maintenance pass finishes it. */
  async keepOrLeave(doc: InvoiceDoc): Promise<void> {
    try {
      await this.keep(doc);
    } catch (err) {
      this.deps.log.warn({ err, invoice_id: doc._id }, 'keeping as-issued copies failed; the maintenance pass will');
    }
  }

  /**
   * The maintenance pass: copies recorded but not kept, whose issuing call is past its grace. Each
   * is leased first, so replicas do not all repeat it; one that fails stays due (the lease lapses)
   * and the pass stops there.
   */
  async finishDue(now: Date): Promise<number> {
    let kept = 0;
    for (let batch = 0; batch < dueBatchesPerPass; batch++) {
      const due = await this.deps.invoices.archivesDue(now, dueBatch);
      for (const doc of due) {
        const leased = await this.deps.invoices.leaseArchive(doc, new Date(now.getTime() + leaseMs));
        if (!leased) continue;
        try {
          await this.keep(leased);
          kept++;
        } catch (err) {
          this.deps.log.warn({ err, invoice_id: doc._id }, 'keeping as-issued copies failed; the next pass retries');
          return kept;
        }
      }
      if (due.length < dueBatch) break;
    }
    if (kept > 0) this.deps.log.info({ kept }, 'as-issued copies kept by the maintenance pass');
    return kept;
  }

  /** GetAsIssued: the copy of `kind` kept for an invoice (inv_…) or credit note (cn_…). */
  async get(workspaceId: string, documentId: string, kind: string): Promise<ArchivedFileRef> {
    if (!(archiveKinds as readonly string[]).includes(kind))
      throw AppError.validation([{ path: 'kind', message: `must be one of: ${archiveKinds.join(', ')}` }]);
    const isNote = documentId.startsWith('cn_');
    const doc = isNote
      ? await this.deps.invoices.findHoldingCreditNote(workspaceId, documentId)
      : await this.deps.invoices.find(workspaceId, documentId);
    const what = isNote ? 'credit note' : 'invoice';
    if (!doc) throw new AppError('not_found', `No such ${what} in this workspace.`);
    const ref = asIssuedCopy(doc, documentId, kind as ArchiveKind);
    if (!ref)
      throw new AppError(
        'not_found',
        kind === 'pdf'
          ? `No as-issued PDF was kept for this ${what}: it was issued before the archive existed.`
          : `No as-issued e-invoice was kept for this ${what}: it has no e-invoice, or was issued before the archive existed.`,
      );
    return ref;
  }

  /**
   * VerifyArchive: recomputes the SHA-256 of each copy kept by a page of the workspace's invoices
   * (and their credit notes), newest first, and reports each one that differs or is missing.
   */
  async verify(
    workspaceId: string,
    pageToken: string | undefined,
    pageSize: number,
  ): Promise<{ checked: number; mismatches: ArchiveMismatch[]; next_page_token?: string }> {
    const size = pageSize === 0 ? defaultVerifyPageSize : pageSize;
    if (!Number.isInteger(size) || size < 1 || size > maxVerifyPageSize)
      throw AppError.validation([{ path: 'page_size', message: `must be 1–${maxVerifyPageSize}` }]);
    const after = pageToken ? decodePageToken(pageToken) : null;
    // One more than the page, to know whether another page follows.
    const found = await this.deps.invoices.archivePage(workspaceId, after, size + 1);
    const docs = found.slice(0, size);
    let checked = 0;
    const mismatches: ArchiveMismatch[] = [];
    for (const doc of docs) {
      for (const ref of archivedFiles(doc)) {
        checked++;
        const actual = await this.hashOf(workspaceId, ref.copy.file_id);
        if (actual === ref.copy.sha256) continue;
        mismatches.push({
          document_id: ref.document_id,
          document_number: ref.document_number,
          kind: ref.kind,
          file_id: ref.copy.file_id,
          expected_sha256: ref.copy.sha256,
          actual_sha256: actual,
        });
      }
    }
    if (mismatches.length > 0)
      this.deps.log.warn({ workspace_id: workspaceId, mismatches: mismatches.length }, 'as-issued copies differ');
    const last = docs.at(-1);
    return {
      checked,
      mismatches,
      ...(found.length > size && last ? { next_page_token: encodePageToken(last) } : {}),
    };
  }

  /** The hex SHA-256 of a stored file's bytes as they are now; '' when the file is gone. */
  private async hashOf(workspaceId: string, fileId: string): Promise<string> {
    try {
      const res = await this.deps.pdf.call('GetFile', {
        workspace_id: workspaceId,
        file_id: fileId,
        include_content: true,
      });
      return createHash('sha256').update(res.content).digest('hex');
    } catch (err) {
      if (AppError.isKind(err, 'not_found')) return '';
      throw err;
    }
  }
}

/** The page token: where the previous page stopped, opaque to the caller. */
function encodePageToken(doc: InvoiceDoc): string {
  return Buffer.from(JSON.stringify({ t: new Date(doc.created_at).getTime(), id: doc._id })).toString('base64url');
}

function decodePageToken(token: string): { created_at: Date; id: string } {
  const invalid = () => AppError.validation([{ path: 'page_token', message: 'is not a token from a previous page' }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const { t, id } = (parsed ?? {}) as { t?: unknown; id?: unknown };
  if (typeof t !== 'number' || !Number.isFinite(t) || typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(id))
    throw invalid();
  return { created_at: new Date(t), id };
}
