import { createRequire } from 'node:module';
import path from 'node:path';
import type { Mongoose } from 'mongoose';
import { repoRoot } from '../../test/support/platform.ts';
import { type LoadResult, closedLoop } from './load.ts';

// Resolved from services/common like every service's own mongoose (bench/ is not a package).
const mongoose = createRequire(path.join(repoRoot, 'services/common/package.json'))('mongoose') as Mongoose;

export interface QueryTimes {
  database: string;
  invoices: number;
  ping: LoadResult;
  find_by_id: LoadResult;
  find_by_number: LoadResult;
  count_by_workspace: LoadResult;
}

/**
 * What single queries cost on the local MongoDB-wire server, on this run's own invoice database
 * after the run (its invoices collection holds every invoice generated): the lookup GET uses
 * (by _id), an equality lookup on another field, and the count a list answers with. Sequential,
 * from this process, so each figure is one round trip.
 */
export async function queryTimes(uri: string, database: string, workspaceId: string, n = 20): Promise<QueryTimes> {
  const conn = await mongoose.createConnection(uri, { dbName: database, autoIndex: false }).asPromise();
  try {
    const invoices = conn.db!.collection<{ _id: string; invoice_number: string }>('invoices');
    const docs = await invoices.find({}, { projection: { _id: 1, invoice_number: 1 } }).toArray();
    const pick = (i: number) => docs[(i * 7919) % docs.length]!;
    return {
      database,
      invoices: docs.length,
      ping: await closedLoop(1, n, () => conn.db!.command({ ping: 1 })),
      find_by_id: await closedLoop(1, n, (i) => invoices.findOne({ _id: pick(i)._id })),
      find_by_number: await closedLoop(1, n, (i) =>
        invoices.findOne({ workspace_id: workspaceId, invoice_number: pick(i).invoice_number }),
      ),
      count_by_workspace: await closedLoop(1, n, () => invoices.countDocuments({ workspace_id: workspaceId })),
    };
  } finally {
    await conn.close();
  }
}
