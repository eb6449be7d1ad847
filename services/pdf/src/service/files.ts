import type { Readable } from 'node:stream';
import type { Logger } from '@invoice-platform/common/logger';
import { type FileInfo, sha256Hex } from '../domain/files.ts';
import type { FileStore } from '../store/files.ts';

export interface StoredFilesDeps {
  files: FileStore;
  log: Logger;
  /** Decides whether a file is still kept as issued (default the clock). */
  now?: () => Date;
}

/** The largest file StoreFile keeps: an e-invoice XML is tens of kilobytes. */
export const maxStoredFileBytes = 4 * 1024 * 1024;

/** The rendered PDFs as the invoice service and the gateway read and delete them, scoped by workspace. */
export class StoredFiles {
  private readonly deps: StoredFilesDeps;

  constructor(deps: StoredFilesDeps) {
    this.deps = deps;
  }

  /** The file's info; NOT_FOUND when the workspace has no such file. */
  info(workspaceId: string, fileId: string): Promise<FileInfo> {
    return this.deps.files.get(workspaceId, fileId);
  }

  /** The file's bytes at once (GetFile with include_content). */
  content(fileId: string): Promise<Buffer> {
    return this.deps.files.readAll(fileId);
  }

  /** The file's bytes as they are read (StreamFile: memory stays flat whatever the size). */
  stream(fileId: string): Readable {
    return this.deps.files.openStream(fileId);
  }

  /** Idempotent: false when there was no such file in this workspace, or it is kept as issued. */
  delete(workspaceId: string, fileId: string): Promise<boolean> {
    return this.deps.files.delete(workspaceId, fileId, this.now());
  }

  /**
   * Stores bytes made elsewhere as a file of one document (pdf.proto StoreFile: the as-issued
   * e-invoice XML), with their SHA-256, named like a rendered file so the same sweeps find it.
   */
  store(req: {
    workspace_id: string;
    invoice_id: string;
    content_type: string;
    download_name: string;
    content: Buffer;
  }): Promise<FileInfo> {
    return this.deps.files.put(req.content, {
      workspace_id: req.workspace_id,
      invoice_id: req.invoice_id,
      content_type: req.content_type,
      download_name: req.download_name,
      sha256: sha256Hex(req.content),
      pages: 0,
      invoice_sequence: 0,
      template: null,
      document_language: '',
      status_marking: '',
    });
  }

  /** Keeps a document's files as issued until `until` (pdf.proto ArchiveFiles). */
  async archive(workspaceId: string, invoiceId: string, fileIds: readonly string[], until: Date) {
    const result = await this.deps.files.archive(workspaceId, invoiceId, fileIds, until);
    if (result.missing.length > 0)
      this.deps.log.warn(
        { invoice_id: invoiceId, missing: result.missing.length },
        'files to keep as issued not found',
      );
    return result;
  }

  private now(): Date {
    return this.deps.now ? this.deps.now() : new Date();
  }

  /**
   * Deletes the files of one invoice no longer pointed to (pdf.proto DeleteInvoiceFiles): those
   * stored before `storedBefore` (all when absent) except `keepFileId`. Returns how many went.
   */
  async deleteInvoiceFiles(
    workspaceId: string,
    invoiceId: string,
    keepFileId: string | undefined,
    storedBefore: Date | undefined,
  ): Promise<number> {
    const deleted = await this.deps.files.deleteInvoiceFiles(
      workspaceId,
      invoiceId,
      keepFileId,
      storedBefore,
      this.now(),
    );
    if (deleted > 0) this.deps.log.info({ invoice_id: invoiceId, deleted }, 'files no invoice points to deleted');
    return deleted;
  }
}
