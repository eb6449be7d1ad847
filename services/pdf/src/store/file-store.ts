import type { Readable } from 'node:stream';
import { AppError } from '@invoice-platform/common/errors';
import { newId } from '@invoice-platform/common/ids';
import mongoose, { type Connection } from 'mongoose';
import type { TemplateInfo } from '../domain/templates.ts';

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
}

/** pdf.v1.FileInfo as sent (int64 size as a string, docs/contracts.md §2.2). */
export interface FileInfo extends Omit<FileMetadata, 'template'> {
  file_id: string;
  size_bytes: string;
  template: TemplateInfo | null;
  created_at: string;
}

interface GridFsFileDoc {
  _id: string;
  length: number;
  uploadDate: Date;
  filename: string;
  metadata: FileMetadata;
}

const bucketName = 'pdf_files';

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
   * the driver on the first upload. Ours: a workspace's files of one invoice (GetFile/DeleteFile
   * are by _id; this serves listing and purging an invoice's superseded files).
   */
  async ensureIndexes(): Promise<void> {
    await this.files.createIndex({ 'metadata.workspace_id': 1, 'metadata.invoice_id': 1, uploadDate: -1 });
  }

  async put(bytes: Buffer, metadata: FileMetadata): Promise<FileInfo> {
    const id = newId('pdf');
    const upload = this.bucket.openUploadStreamWithId(
      id as unknown as mongoose.mongo.ObjectId,
      metadata.download_name,
      {
        metadata,
      },
    );
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

  /** Idempotent: false when there was no such file in this workspace. */
  async delete(workspaceId: string, fileId: string): Promise<boolean> {
    const info = await this.find(workspaceId, fileId);
    if (!info) return false;
    try {
      await this.bucket.delete(fileId as unknown as mongoose.mongo.ObjectId);
    } catch (err) {
      // Deleted concurrently: the outcome the caller wanted.
      if (!/not found/i.test((err as Error).message)) throw err;
    }
    return true;
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
