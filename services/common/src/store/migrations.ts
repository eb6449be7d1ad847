import { type Connection, type Model, Schema } from 'mongoose';
import { insertOnce } from './unique.ts';

/**
 * One-time passes over stored data (a re-seal, a backfill) that a service runs at start before it
 * serves: each is recorded under its name in the service's `migrations` collection once done, so
 * every later start costs one lookup by _id rather than a pass whose cost grows with the data.
 * Each pass must be idempotent: replicas starting at once may both run it.
 */
export interface MigrationDoc {
  _id: string;
  done_at: Date;
}

const migrationSchema = new Schema<MigrationDoc>(
  { _id: String, done_at: { type: Date, required: true } },
  { versionKey: false, collection: 'migrations' },
);

/** The `migrations` model of a service's connection (read by _id only: no other index). */
export function migrationModel(conn: Connection): Model<MigrationDoc> {
  return conn.model<MigrationDoc>('Migration', migrationSchema);
}

/** Whether the pass `id` is done in this database. */
export async function migrationDone(model: Model<MigrationDoc>, id: string): Promise<boolean> {
  return (await model.exists({ _id: id }).exec()) !== null;
}

/** Records the pass `id` as done; another replica recording it too changes nothing. */
export async function markMigrationDone(model: Model<MigrationDoc>, id: string, now: Date): Promise<void> {
  await insertOnce(model, { _id: id, done_at: now });
}
