import type { Readable } from 'node:stream';
import { AppError } from '@invoice-platform/common/errors';
import { newId } from '@invoice-platform/common/ids';
import mongoose, { type Connection } from 'mongoose';
import { type FileInfo, type FileMetadata, keptAsIssued } from '../domain/files.ts';

interface GridFsFileDoc {
  _id: string;
  length: number;
  uploadDate: Date;
  filename: string;
  metadata: FileMetadata;
}

const bucketName = 'pdf_files';
/** Files of one invoice read at a time by deleteInvoiceFiles (an invoice has one per render). */
const invoiceFilesBatch = 100;

/**
 * Rendered PDFs in GridFS in the service's own database (docs/architecture.md#services), one new
 * file per render (never overwritten). Every read is scoped by workspace: another workspace's file
 * is NOT_FOUND.
 */
export class FileStore {
  private readonly bucket: mongoose.mongo.GridFSBucket;
  private readonly files: mongoose.mongo.Collection<GridFsFileDoc>;

  constructor(conn: Connection) {
    const db = conn.db;
    if (!db) throw new Error('mongo connection has no database handle');
    this.bucket = new mongoose.mongo.GridFSBucket(db as unknown as mongoose.mongo.Db, { bucketName });
    this.files = (db as unknown as mongoose.mongo.Db).collection<GridFsFileDoc>(`${bucketName}.files`);
  }

  /**
   * GridFS's own indexes (files by filename+uploadDate, chunks unique by files_id+n) are made by
   * the driver on the first upload; the first is made here too, because it serves an invoice's
   * files (deleteInvoiceFiles: a file is named by its invoice id). Ours: a workspace's files of one
   * invoice by their metadata, on servers that index nested fields (GetFile/DeleteFile are by _id).
   */
  async ensureIndexes(): Promise<void> {
    await this.files.createIndex({ filename: 1, uploadDate: 1 });
    await this.files.createIndex({ 'metadata.workspace_id': 1, 'metadata.invoice_id': 1, uploadDate: -1 });
  }

  async put(bytes: Buffer, metadata: FileMetadata): Promise<FileInfo> {
    const id = newId('pdf');
    // Named by its invoice id, a top-level field every MongoDB-wire server indexes, so the files of
    // one invoice are found without a scan (deleteInvoiceFiles); the download name is in metadata.
    const upload = this.bucket.openUploadStreamWithId(id as unknown as mongoose.mongo.ObjectId, metadata.invoice_id, {
      metadata,
    });
    await new Promise<void>((resolve, reject) => {
      upload.once('error', reject);
      upload.once('finish', () => resolve());
      upload.end(bytes);
    });
    // The files document the driver inserted last, so no read back (one round trip less per render).
    const doc = upload.gridFSFile as unknown as GridFsFileDoc | null;
    if (!doc) throw new Error(`stored file ${id} has no files document after upload`);
    return toInfo(doc);
  }

  async find(workspaceId: string, fileId: string): Promise<FileInfo | null> {
    if (!workspaceId || !fileId) return null;
    const doc = await this.files.findOne({ _id: fileId, 'metadata.workspace_id': workspaceId });
    return doc ? toInfo(doc) : null;
  }

  async get(workspaceId: string, fileId: string): Promise<FileInfo> {
    const info = await this.find(workspaceId, fileId);
    if (!info) throw new AppError('not_found', `File ${fileId} does not exist.`);
    return info;
  }

  async readAll(fileId: string): Promise<Buffer> {
    const parts: Buffer[] = [];
    for await (const chunk of this.openStream(fileId)) parts.push(chunk as Buffer);
    return Buffer.concat(parts);
  }

  openStream(fileId: string): Readable {
    return this.bucket.openDownloadStream(fileId as unknown as mongoose.mongo.ObjectId);
  }

  /**
   * Idempotent: false when there was no such file in this workspace, or when it is kept as issued
   * (ArchiveFiles) until a later time than `now`.
   */
  async delete(workspaceId: string, fileId: string, now = new Date()): Promise<boolean> {
    if (!workspaceId || !fileId) return false;
    const doc = await this.files.findOne({ _id: fileId, 'metadata.workspace_id': workspaceId });
    if (!doc || keptAsIssued(doc.metadata, now)) return false;
    await this.remove(fileId);
    return true;
  }

  /**
   * Marks files of one document as kept until `until` (pdf.proto ArchiveFiles), never shortening
   * an earlier mark; returns the ids found and the ids missing. One write per file, each
   * idempotent.
   */
  async archive(
    workspaceId: string,
    invoiceId: string,
    fileIds: readonly string[],
    until: Date,
  ): Promise<{ archived: number; missing: string[] }> {
    const missing: string[] = [];
    let archived = 0;
    for (const fileId of new Set(fileIds)) {
      const doc = await this.files.findOne(
        { _id: fileId, 'metadata.workspace_id': workspaceId },
        { projection: { _id: 1, metadata: 1 } },
      );
      if (!doc || doc.metadata.invoice_id !== invoiceId) {
        missing.push(fileId);
        continue;
      }
      archived++;
      const current = doc.metadata.archived_until;
      if (current && new Date(current) >= until) continue;
      await this.files.updateOne({ _id: fileId }, { $set: { 'metadata.archived_until': until } });
    }
    return { archived, missing };
  }

  /**
   * Deletes the files of one invoice in one workspace (pdf.proto DeleteInvoiceFiles), and only
   * those: the ones stored before `storedBefore` (all when absent) except `keepFileId`. Returns
   * how many went. Files stored before files were named by their invoice id are not found here.
   */
  async deleteInvoiceFiles(
    workspaceId: string,
    invoiceId: string,
    keepFileId: string | undefined,
    storedBefore: Date | undefined,
    now: Date,
  ): Promise<number> {
    if (!workspaceId || !invoiceId) return 0;
    const filter: mongoose.mongo.Filter<GridFsFileDoc> = { filename: invoiceId };
    if (storedBefore) filter.uploadDate = { $lt: storedBefore };
    let deleted = 0;
    for (;;) {
      const found = await this.files
        .find(filter, { projection: { _id: 1, metadata: 1 } })
        .limit(invoiceFilesBatch)
        .toArray();
      // The name alone is not trusted: the file must say it is this invoice's, in this workspace.
      // A file kept as issued stays whatever the caller asked (docs/money-trail.md).
      const doomed = found.filter(
        (f) =>
          f._id !== keepFileId &&
          f.metadata.workspace_id === workspaceId &&
          f.metadata.invoice_id === invoiceId &&
          !keptAsIssued(f.metadata, now),
      );
      for (const f of doomed) await this.remove(f._id);
      deleted += doomed.length;
      // Kept files stay in the filter, so the batch stops once it holds nothing to delete.
      if (found.length < invoiceFilesBatch || doomed.length === 0) return deleted;
    }
  }

  private async remove(fileId: string): Promise<void> {
    try {
      await this.bucket.delete(fileId as unknown as mongoose.mongo.ObjectId);
    } catch (err) {
      // Deleted concurrently: the outcome the caller wanted.
      if (!/not found/i.test((err as Error).message)) throw err;
    }
  }
}

function toInfo(doc: GridFsFileDoc): FileInfo {
  const m = doc.metadata;
  return {
    file_id: doc._id,
    workspace_id: m.workspace_id,
    invoice_id: m.invoice_id,
    content_type: m.content_type,
    size_bytes: String(doc.length),
    pages: m.pages,
    download_name: m.download_name,
    sha256: m.sha256,
    invoice_sequence: m.invoice_sequence,
    template: m.template ?? null,
    document_language: m.document_language,
    status_marking: m.status_marking,
    created_at: new Date(doc.uploadDate).toISOString(),
  };
}
