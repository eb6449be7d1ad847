import { AppError } from '@invoice-platform/common/errors';
import { createLogger } from '@invoice-platform/common/logger';
import { connectPeer } from '@invoice-platform/common/services';
import { Platform, waitFor } from '@invoice-platform/test-support/platform';
import test from 'ava';
import { invoiceUseCases } from '../../src/app.ts';
import { startMaintenance } from '../../src/jobs/maintenance.ts';
import type { InvoiceDoc } from '../../src/domain/invoice.ts';
import { PdfFiles } from '../../src/service/pdf-files.ts';
import type { AccountsClient, PdfClient } from '../../src/service/peers.ts';
import { CreditNoteRefStore } from '../../src/store/credit-notes.ts';
import { CreditStore } from '../../src/store/credits.ts';
import { InvoiceStore } from '../../src/store/invoices.ts';
import { NumberStore } from '../../src/store/numbers.ts';
import { openTestDatabase } from './helpers.ts';

// Generates held mid-way while the maintenance pass runs at a time past the hold age: the invoice
// service's code in this process on a database of its own, its peers (accounts, pdf) real
// processes. A generate that never returns from its render stands for one whose process died
// between rendering and storing the invoice.

const platform = new Platform({ invoices: true });
let db: Awaited<ReturnType<typeof openTestDatabase>>;
let pdf: PdfClient;
let accounts: AccountsClient;
const log = createLogger('invoice-test', 'silent');
/** The generate's bound of these tests; the maintenance pass decides holds after twice that. */
const generateTimeoutMs = 60_000;
const holdAgeMs = 2 * generateTimeoutMs;

test.before(async () => {
  await platform.start();
  db = await openTestDatabase('invoice_leftovers');
  pdf = connectPeer('pdf', platform.pdfAddr, 30_000);
  accounts = connectPeer('accounts', platform.accountsAddr, 30_000);
});

test.after.always(async () => {
  pdf?.close();
  accounts?.close();
  await db?.drop();
  await platform.stop();
});

/** A render step the test holds: it renders for real, then waits for `release` (or forever). */
class HeldRender {
  private releaseFn: (() => void) | undefined;
  private readonly released = new Promise<void>((resolve) => (this.releaseFn = resolve));
  /** Resolves with the stored file's id once the render has stored it. */
  readonly rendered: Promise<string>;
  private renderedFn: ((fileId: string) => void) | undefined;

  constructor() {
    this.rendered = new Promise((resolve) => (this.renderedFn = resolve));
  }

  /** Wraps the pdf files so that their next render is held (the ones after it are not). */
  install(pdfFiles: PdfFiles): void {
    const real = pdfFiles.render.bind(pdfFiles);
    let used = false;
    pdfFiles.render = async (request) => {
      const file = await real(request);
      if (used) return file;
      used = true;
      this.renderedFn!(file.file_id);
      await this.released;
      return file;
    };
  }

  release(): void {
    this.releaseFn!();
  }
}

function service() {
  const invoices = new InvoiceStore(db.models);
  const credits = new CreditStore(db.models);
  const numbers = new NumberStore(db.models);
  const pdfFiles = new PdfFiles({ pdf });
  const uc = invoiceUseCases({
    invoices,
    credits,
    numbers,
    creditNoteNumbers: new NumberStore(db.models, 'credit_note'),
    creditNoteRefs: new CreditNoteRefStore(db.models),
    pdfFiles,
    accounts,
    pdf,
    baseUrl: 'http://127.0.0.1:1',
    notifyOutbox: () => undefined,
    log,
    now: () => new Date(),
    generateTimeoutMs,
    holdAgeMs,
  });
  return { uc, invoices, credits, numbers, pdfFiles };
}

/**
 * One maintenance pass with the clock `aheadMs` past now: started, waited for until `done`
 * holds, then stopped (which waits for the pass to end).
 */
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

const request = (workspaceId: string) => ({
  workspace_id: workspaceId,
  source: 'api',
  customer_name: 'PT Tertahan',
  items: [{ description: 'Design', quantity: '1', price: '100000' }],
  is_recurring: false,
});

const seq = (invoiceNumber: string) => Number(invoiceNumber.split('-').pop());
const period = () => {
  const d = new Date();
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};
const counter = (workspaceId: string) => db.models.NumberCounter.findById(`${workspaceId}:${period()}`).lean().exec();
const pool = (workspaceId: string) => db.models.CreditPool.findById(workspaceId).lean().exec();
const stored = (workspaceId: string) =>
  db.models.Invoice.find({ workspace_id: workspaceId }).lean<InvoiceDoc[]>().exec();
/** A generate's settle runs after its answer: waits until no credit or number of the workspace is held. */
const settled = (workspaceId: string) =>
  waitFor(
    'the holds settled',
    async () => (await pool(workspaceId))?.held === 0 && (await counter(workspaceId))?.reserved_count === 0,
  );
const fileGone = async (workspaceId: string, fileId: string) => {
  const err = await pdf.call('GetFile', { workspace_id: workspaceId, file_id: fileId }).then(
    () => undefined,
    (e: unknown) => e,
  );
  return AppError.isKind(err, 'not_found');
};

test.serial(
  'a generate whose holds the maintenance pass decided mid-way stores nothing; its number is used once, with no gap, and later generates succeed',
  async (t) => {
    const s = service();
    const ws = await platform.createWorkspace('enterprise');
    await s.credits.set(ws.id, 10, new Date());
    const held = new HeldRender();
    held.install(s.pdfFiles);

    // Holds a credit and number 1, renders, and is held before it stores the invoice.
    const first = s.uc.generate.generate(request(ws.id)).then(
      (r) => ({ ok: true as const, number: r.invoice_number }),
      (err: unknown) => ({ ok: false as const, err }),
    );
    const firstFile = await held.rendered;
    // The pass runs as if the hold age had passed: the first generate's holds are given back.
    await maintenanceAt(s, holdAgeMs + 1000, async () => (await pool(ws.id))?.held === 0);
    t.like(await counter(ws.id), { last: 0, reserved_count: 0 }, 'number 1 was given back by the pass');

    // The held generate goes on to store its invoice with number 1...
    held.release();
    const outcome = await first;
    // ...and later generates draw number 1 again.
    const later = await Promise.allSettled([
      s.uc.generate.generate(request(ws.id)).then((r) => r.invoice_number),
      s.uc.generate.generate(request(ws.id)).then((r) => r.invoice_number),
    ]);
    t.deepEqual(
      later.map((r) => (r.status === 'fulfilled' ? 'ok' : String((r.reason as Error).message))),
      ['ok', 'ok'],
      'later generates of the workspace and month succeed',
    );
    await settled(ws.id);
    const numbers = (await stored(ws.id)).map((d) => seq(d.invoice_number)).sort((a, b) => a - b);
    t.deepEqual(numbers, [1, 2], 'every number used once, no gap');
    t.like(await counter(ws.id), { last: 2, free: [], reserved_count: 0 });

    // The generate whose holds were given back stored nothing: it failed, and its file is gone.
    t.false(
      outcome.ok,
      `the generate whose holds were given back did not store its invoice (${outcome.ok ? outcome.number : ''})`,
    );
    if (!outcome.ok) t.true(AppError.isKind(outcome.err, 'unavailable'), String(outcome.err));
    t.true(await fileGone(ws.id, firstFile), 'the generate whose holds were given back deleted its file');
    t.like(await pool(ws.id), { balance: 8, used: 2, held: 0 }, 'one credit per stored invoice');
  },
);

test.serial(
  'a generate that dies between its render and its insert leaves no file once the maintenance pass has decided its holds',
  async (t) => {
    const s = service();
    const ws = await platform.createWorkspace('enterprise');
    await s.credits.set(ws.id, 5, new Date());
    // Never released: the generate never gets past its render, as if its process had died there.
    const held = new HeldRender();
    held.install(s.pdfFiles);
    void s.uc.generate.generate(request(ws.id)).catch(() => undefined);
    const orphan = await held.rendered;
    t.false(await fileGone(ws.id, orphan), 'the render stored its file');

    await maintenanceAt(s, holdAgeMs + 1000, async () => (await pool(ws.id))?.held === 0);
    t.true(await fileGone(ws.id, orphan), 'the file of the invoice that never came is deleted');
    t.like(await pool(ws.id), { balance: 5, used: 0, held: 0 }, 'the credit is back');
    const next = await s.uc.generate.generate(request(ws.id));
    t.is(seq(next.invoice_number), 1, 'the number is back');
    t.false(
      await fileGone(ws.id, (await s.invoices.get(ws.id, next.id)).pdf_file_id!),
      'a stored invoice keeps its file',
    );
  },
);

test.serial(
  'a number found in use when the invoice is stored is not given back: that generate fails, the next one gets the next number',
  async (t) => {
    const s = service();
    const ws = await platform.createWorkspace('enterprise');
    await s.credits.set(ws.id, 5, new Date());
    t.is(seq((await s.uc.generate.generate(request(ws.id))).invoice_number), 1);
    // What a wedge left: the sequence ends before a number an invoice holds.
    await db.models.NumberCounter.updateOne({ _id: `${ws.id}:${period()}` }, { $set: { last: 0 } }).exec();

    const collided = await t.throwsAsync(s.uc.generate.generate(request(ws.id)));
    t.true(AppError.isKind(collided, 'unavailable'), `a number in use is no idempotent twin: ${String(collided)}`);
    await settled(ws.id);
    t.like(await counter(ws.id), { last: 1, free: [], reserved_count: 0 }, 'number 1 stays used');
    t.is(seq((await s.uc.generate.generate(request(ws.id))).invoice_number), 2, 'the next generate gets number 2');
    await settled(ws.id);
    t.deepEqual((await stored(ws.id)).map((d) => seq(d.invoice_number)).sort(), [1, 2]);
    t.like(await pool(ws.id), { balance: 3, used: 2, held: 0 }, 'the failed generate used no credit');
  },
);

test.serial(
  'a forced PDF whose render is never recorded leaves no file once the sweep its render scheduled has run; the current file stays',
  async (t) => {
    const s = service();
    const ws = await platform.createWorkspace('enterprise');
    await s.credits.set(ws.id, 5, new Date());
    const made = await s.uc.generate.generate(request(ws.id));
    const current = (await s.invoices.get(ws.id, made.id)).pdf_file_id!;
    // The forced render stores its file, then never records it, as if the process had died there.
    const held = new HeldRender();
    held.install(s.pdfFiles);
    void s.uc.changes.ensurePdf(ws.id, made.id, true).catch(() => undefined);
    const orphan = await held.rendered;

    await maintenanceAt(s, 3 * holdAgeMs, async () => (await s.invoices.get(ws.id, made.id)).pdf_sweep_at === null);
    t.true(await fileGone(ws.id, orphan), 'the file no invoice points to is deleted');
    t.false(await fileGone(ws.id, current), 'the file the invoice points to stays');
    t.is((await s.invoices.get(ws.id, made.id)).pdf_file_id, current);
  },
);
