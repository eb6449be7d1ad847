import mongoose, { type Connection } from 'mongoose';
import { answersWithin } from './health.ts';
import type { Logger } from './logger.ts';
import { meter } from './metrics.ts';

const commands = meter().createCounter('invoice_platform.mongodb.commands', {
  description:
    'Commands this process sent to its database, by command name (find, update, insert, hello...): the round trips a request costs.',
  unit: '{command}',
});

/**
 * One connection per service, to the service's own database (docs/architecture.md#services). The driver keeps
 * retrying after an outage, so a restarted database is picked up without restarting the service.
 * Filters are sanitized: a value with `$` keys is a literal unless the code marked it as its own
 * operator (store/operators.ts), so input can never reach a query as an operator.
 */
export async function connectMongo(uri: string, dbName: string, log: Logger): Promise<Connection> {
  const conn = mongoose.createConnection(uri, {
    dbName,
    serverSelectionTimeoutMS: 5000,
    heartbeatFrequencyMS: 1000,
    autoIndex: false,
    // Each command is counted by name (a listener per command, no payload copied).
    monitorCommands: true,
  });
  conn.set('sanitizeFilter', true);
  conn.getClient().on('commandStarted', (e: { commandName: string }) => commands.add(1, { command: e.commandName }));
  conn.on('disconnected', () => log.warn({ db: dbName }, 'mongodb disconnected'));
  conn.on('reconnected', () => log.info({ db: dbName }, 'mongodb reconnected'));
  await conn.asPromise();
  return conn;
}

/** True when the database answers a ping within the timeout. */
export async function mongoReachable(conn: Connection, timeoutMs = 1000): Promise<boolean> {
  const db = conn.db;
  if (!db) return false;
  return answersWithin(() => db.command({ ping: 1 }), timeoutMs);
}
