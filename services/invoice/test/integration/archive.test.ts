import { AppError } from '@invoice-platform/common/errors';
import { createLogger } from '@invoice-platform/common/logger';
import { connectPeer } from '@invoice-platform/common/services';
import { Platform, stackEnv, waitFor } from '@invoice-platform/test-support/platform';
import test from 'ava';
import mongoose from 'mongoose';
import { germanSeller } from '../../../../test/support/e-invoice.ts';
import { invoiceUseCases } from '../../src/app.ts';
import { archiveGraceMs } from '../../src/domain/archive.ts';
import type { InvoiceDoc } from '../../src/domain/invoice.ts';
import { startMaintenance } from '../../src/jobs/maintenance.ts';
import { PdfFiles } from '../../src/service/pdf-files.ts';
import type { AccountsClient, PdfClient } from '../../src/service/peers.ts';
import { CreditNoteRefStore } from '../../src/store/credit-notes.ts';
import { CreditStore } from '../../src/store/credits.ts';
import { InvoiceStore } from '../../src/store/invoices.ts';
import { NumberStore } from '../../src/store/numbers.ts';
import { openTestDatabase } from './helpers.ts';

// The as-issued archive's guarantees inside the invoice service (docs/money-trail.md "The as-issued
// archive"): the service's code in this process on a database of its own, its peers (accounts,
// pdf) real processes, and the pdf service's ArchiveFiles made to fail where a test says. Nothing
// half-written: a generate that fails keeps nothing; copies a generate could not keep are kept by
// the maintenance pass; a sweep never deletes a copy recorded but not yet kept.

const platform = new Platform({ invoices: true });
let db: Awaited<ReturnType<typeof openTestDatabase>>;
let pdfDb: mongoose.Connection;
let pdf: PdfClient;
let accounts: AccountsClient;
const log = createLogger('invoice-test', 'silent');
const generateTimeoutMs = 60_000;
const holdAgeMs = 2 * generateTimeoutMs;

test.before(async () => {
  await platform.start();
  db = await openTestDatabase('invoice_archive');
  pdf = connectPeer('pdf', platform.pdfAddr, 30_000);
  accounts = connectPeer('accounts', platform.accountsAddr, 30_000);
  pdfDb = await mongoose
    .createConnection(stackEnv().MONGODB_URI!, { dbName: `pdf_test_${platform.runId}` })
    .asPromise();
});

test.after.always(async () => {
  pdf?.close();
  accounts?.close();
  await pdfDb?.close();
  await db?.drop();
  await platform.stop();
});

/** The pdf client, with ArchiveFiles failing while `archiveDown` says so (the pdf service unreachable). */
function pdfWithSwitch() {
  const state = { archiveDown: false, archiveCalls: 0 };
  const client = Object.create(pdf) as PdfClient;
  client.call = ((method: string, req: unknown, opts?: unknown) => {
    if (method === 'ArchiveFiles') {
      state.archiveCalls++;
      if (state.archiveDown) return Promise.reject(new AppError('unavailable', 'pdf service unreachable'));
    }
    return (pdf.call as (m: string, r: unknown, o?: unknown) => Promise<unknown>)(method, req, opts);
  }) as PdfClient['call'];
  return { client, state };
}

function service() {
  const { client, state } = pdfWithSwitch();
  const invoices = new InvoiceStore(db.models);
  const credits = new CreditStore(db.models);
  const numbers = new NumberStore(db.models);
  const pdfFiles = new PdfFiles({ pdf: client });
  const uc = invoiceUseCases({
    invoices,
    credits,
    numbers,
    creditNoteNumbers: new NumberStore(db.models, 'credit_note'),
    creditNoteRefs: new CreditNoteRefStore(db.models),
    pdfFiles,
    accounts,
    pdf: client,
    baseUrl: 'http://127.0.0.1:1',
    notifyOutbox: () => undefined,
    log,
    now: () => new Date(),
    generateTimeoutMs,
    holdAgeMs,
  });
  return { uc, invoices, credits, pdfFiles, state };
}

async function workspace(s: ReturnType<typeof service>): Promise<string> {
  const ws = await platform.createWorkspace('enterprise');
  const profile = await platform.admin('PUT', `/workspaces/${ws.id}/legal-profile`, germanSeller);
  if (profile.status !== 200) throw new Error(`legal profile: ${profile.status}`);
  await s.credits.set(ws.id, 20, new Date());
  return ws.id;
}

const request = (workspaceId: string) => ({
  workspace_id: workspaceId,
  source: 'api',
  customer_name: 'Beispiel AG',
  customer_email: 'einkauf@beispiel.example',
  customer_tax_id: 'DE987654321',
  customer_address: { line1: 'Hauptstraße 5', city: 'München', postal_code: '80331', country: 'DE' },
  customer_electronic_address: { scheme: '9930', id: 'DE987654321' },
  buyer_reference: '04011000-12345-03',
  currency: 'EUR',
  items: [{ description: 'Beratung', quantity: '10', price: '120', tax_rate: '19' }],
  e_invoice: 'factur-x',
  is_recurring: false,
});

interface FileDoc {
  _id: string;
  metadata: { invoice_id: string; content_type: string; archived_until?: Date };
}
const filesOf = (id: string) => pdfDb.collection<FileDoc>('pdf_files.files').find({ filename: id }).toArray();
const invoice = (id: string) => db.models.Invoice.findById(id).lean<InvoiceDoc>().exec();

async function maintenanceAt(s: ReturnType<typeof service>, aheadMs: number, done: () => Promise<boolean>) {
  const poller = startMaintenance({
    ...s.uc,
    intervalMs: 3_600_000,
    now: () => new Date(Date.now() + aheadMs),
    log,
  });
  try {
    await waitFor('the maintenance pass', async () => (await done()) || undefined, 30_000, 100);
  } finally {
    await poller.stop();
  }
}

test.serial(
  'a generate keeps its first PDF and XML at once: recorded on the invoice, kept in the pdf service',
  async (t) => {
    const s = service();
    const ws = await workspace(s);
    const { id } = await s.uc.generate.generate(request(ws) as never);
    await waitFor('the copies kept', async () => (await invoice(id))?.archive_due_at === null);
    const doc = (await invoice(id))!;
    t.is(doc.as_issued_pdf?.file_id, doc.pdf_file_id ?? undefined);
    t.is(doc.as_issued_e_invoice?.content_type, 'application/xml');
    const files = await filesOf(id);
    t.is(files.length, 2);
    for (const f of files) t.deepEqual(f.metadata.archived_until, doc.retain_until);
  },
);

test.serial('copies a generate could not keep are kept by the maintenance pass, after their grace, once', async (t) => {
  const s = service();
  const ws = await workspace(s);
  s.state.archiveDown = true;
  const { id } = await s.uc.generate.generate(request(ws) as never);
  // The generate answered; its keeping failed and left the invoice due.
  await waitFor('the keeping to fail', async () => s.state.archiveCalls > 0);
  const due = (await invoice(id))!;
  t.truthy(due.archive_due_at);
  t.true(
    (await filesOf(id)).every((f) => !f.metadata.archived_until),
    'nothing kept yet',
  );

  // Still down: the pass leaves it due, to retry.
  await maintenanceAt(s, archiveGraceMs + 1000, async () => s.state.archiveCalls > 1);
  t.truthy((await invoice(id))!.archive_due_at);

  s.state.archiveDown = false;
  // The lease the failed pass took lapses; the next pass keeps the copies and clears the mark.
  await maintenanceAt(s, archiveGraceMs + 120_000, async () => (await invoice(id))!.archive_due_at === null);
  const files = await filesOf(id);
  t.is(files.length, 2);
  for (const f of files) t.deepEqual(f.metadata.archived_until, due.retain_until);
  const calls = s.state.archiveCalls;
  await maintenanceAt(s, archiveGraceMs + 240_000, async () => true);
  t.is(s.state.archiveCalls, calls, 'nothing left due: the pass keeps nothing again');
});

test.serial('a sweep keeps the copies first, and deletes nothing while it cannot', async (t) => {
  const s = service();
  const ws = await workspace(s);
  s.state.archiveDown = true;
  const { id } = await s.uc.generate.generate(request(ws) as never);
  await waitFor('the keeping to fail', async () => s.state.archiveCalls > 0);
  // A forced render: a new current file, the first one superseded but kept as issued.
  await s.uc.changes.ensurePdf(ws, id, true);
  const doc = (await invoice(id))!;
  t.not(doc.pdf_file_id, doc.as_issued_pdf!.file_id);
  t.is((await filesOf(id)).length, 3, 'the superseded first PDF is not deleted by the forced render');

  // The sweep comes due while the pdf service cannot keep: it deletes nothing and stays due.
  const sweepAt = holdAgeMs * 2 + 1000;
  await maintenanceAt(s, sweepAt, async () => s.state.archiveCalls > 1);
  t.is((await filesOf(id)).length, 3);
  t.truthy((await invoice(id))!.pdf_sweep_at);

  // Once it can: the copies are kept, and no file goes (the first PDF and the XML are kept, the
  // current one is the invoice's).
  s.state.archiveDown = false;
  await maintenanceAt(s, sweepAt, async () => (await invoice(id))!.pdf_sweep_at === null);
  const files = await filesOf(id);
  t.deepEqual(
    files.map((f) => f._id).sort(),
    [doc.as_issued_pdf!.file_id, doc.as_issued_e_invoice!.file_id, doc.pdf_file_id!].sort(),
  );
  t.is((await invoice(id))!.archive_due_at, null);
});

test.serial('a generate that fails after storing its XML keeps nothing: no invoice, no file', async (t) => {
  const s = service();
  const ws = await workspace(s);
  const realInsert = s.invoices.insert.bind(s.invoices);
  let failedId = '';
  s.invoices.insert = async (doc) => {
    failedId = doc._id;
    throw new Error('the database went away');
  };
  await t.throwsAsync(s.uc.generate.generate(request(ws) as never));
  s.invoices.insert = realInsert;
  t.truthy(failedId);
  t.is(await invoice(failedId).then((d) => d?.workspace_id ?? null), '~void', 'the id is void');
  t.deepEqual(await filesOf(failedId), [], 'its PDF and its XML were deleted');
});
