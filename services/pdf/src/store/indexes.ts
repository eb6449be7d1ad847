import type { Connection } from 'mongoose';
import { createModelIndexes } from '@invoice-platform/common/setup';
import { FileStore } from './files.ts';
import { type Models, registerModels } from './models.ts';

/** The pdf service's indexes: its models' and the file store's (GridFS metadata). */
export async function createPdfIndexes(conn: Connection, models: Models = registerModels(conn)): Promise<void> {
  await createModelIndexes(models);
  await new FileStore(conn).ensureIndexes();
}
