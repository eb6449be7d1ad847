import type { Readable } from 'node:stream';
import type { Logger } from '@invoice-platform/common/logger';
import type { FileInfo } from '../domain/files.ts';
import type { FileStore } from '../store/files.ts';

export interface StoredFilesDeps {
  files: FileStore;
  log: Logger;
}

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

  /** Idempotent: false when there was no such file in this workspace. */
  delete(workspaceId: string, fileId: string): Promise<boolean> {
    return this.deps.files.delete(workspaceId, fileId);
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
    const deleted = await this.deps.files.deleteInvoiceFiles(workspaceId, invoiceId, keepFileId, storedBefore);
    if (deleted > 0) this.deps.log.info({ invoice_id: invoiceId, deleted }, 'files no invoice points to deleted');
    return deleted;
  }
}
