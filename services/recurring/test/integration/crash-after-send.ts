/**
 * A scheduler replica in a process of its own that dies (SIGKILL, as `kill -9` would) right after
 * the SMTP server took its first follow-up email and before the occurrence is marked sent: the
 * window a crash leaves a send whose outcome nobody knows (email-once.test.ts starts it).
 * Reaching the end of the pass means nothing was sent, and the process exits with 3.
 */
import { createMailer, type Mailer } from '@invoice-platform/common/mail';
import { ServiceClock } from '@invoice-platform/common/clock';
import { Scheduler } from '../../src/service/scheduler.ts';
import { connectPeers, followUpMail, log, openDatabase, useCases } from './helpers.ts';

const env = process.env;
const db = await openDatabase(env.CRASH_DB_NAME!);
const peers = connectPeers(env.CRASH_PEERS_ADDR!);
const clock = new ServiceClock();
clock.freezeAt(new Date(env.CRASH_NOW!));
const leaseMs = Number(env.CRASH_LEASE_MS);

const smtp = createMailer({ smtpUrl: env.CRASH_SMTP_URL!, from: 'Invoices <invoices@example.test>' });
const mailer: Mailer = {
  ...smtp,
  async send(msg) {
    await smtp.send(msg);
    process.kill(process.pid, 'SIGKILL');
    // The signal may land a moment after kill() returns: block until it does (common/test-hooks.ts).
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    throw new Error('unreachable');
  },
};

const scheduler = new Scheduler({
  ...useCases(db, peers.accounts, clock, leaseMs),
  invoice: peers.invoice,
  followUpMail: followUpMail(db, peers, mailer, leaseMs),
  clock,
  log,
  leaseMs,
});
await scheduler.runOnce({ seriesId: env.CRASH_SERIES_ID });
process.exit(3);
