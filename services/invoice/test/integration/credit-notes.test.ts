import { AppError, type FieldError } from '@invoice-platform/common/errors';
import { createLogger } from '@invoice-platform/common/logger';
import { connectPeer } from '@invoice-platform/common/services';
import { Platform, waitFor } from '@invoice-platform/test-support/platform';
import test from 'ava';
import { invoiceUseCases } from '../../src/app.ts';
import type { CreditNoteRequest } from '../../src/domain/credit-note.ts';
import type { InvoiceDoc } from '../../src/domain/invoice.ts';
import { startMaintenance } from '../../src/jobs/maintenance.ts';
import { PdfFiles } from '../../src/service/pdf-files.ts';
import type { AccountsClient, PdfClient } from '../../src/service/peers.ts';
import { CreditNoteRefStore } from '../../src/store/credit-notes.ts';
import { CreditStore } from '../../src/store/credits.ts';
import { InvoiceStore } from '../../src/store/invoices.ts';
import type { StoredInvoice } from '../../src/store/models.ts';
import { NumberStore } from '../../src/store/numbers.ts';
import { openTestDatabase } from './helpers.ts';

// IssueCreditNote and its reads: the invoice service's code in this process on a database of its
// own, its peers (accounts, pdf) real processes. A render the test holds stands for an issue whose
// process died between drawing its number and storing its note.

const platform = new Platform({ invoices: true });
let db: Awaited<ReturnType<typeof openTestDatabase>>;
let pdf: PdfClient;
let accounts: AccountsClient;
const log = createLogger('invoice-test', 'silent');
const generateTimeoutMs = 60_000;
const holdAgeMs = 2 * generateTimeoutMs;

test.before(async () => {
  await platform.start();
  db = await openTestDatabase('invoice_credit_notes');
  pdf = connectPeer('pdf', platform.pdfAddr, 30_000);
  accounts = connectPeer('accounts', platform.accountsAddr, 30_000);
});

test.after.always(async () => {
  pdf?.close();
  accounts?.close();
  await db?.drop();
  await platform.stop();
});

function service() {
  const invoices = new InvoiceStore(db.models);
  const credits = new CreditStore(db.models);
  const pdfFiles = new PdfFiles({ pdf });
  const creditNoteNumbers = new NumberStore(db.models, 'credit_note');
  const creditNoteRefs = new CreditNoteRefStore(db.models);
  const uc = invoiceUseCases({
    invoices,
    credits,
    numbers: new NumberStore(db.models),
    creditNoteNumbers,
    creditNoteRefs,
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
  return { uc, invoices, credits, pdfFiles, creditNoteRefs };
}

/** A render step the test holds: it renders for real, then waits for `release` (or forever). */
class HeldRender {
  private releaseFn: (() => void) | undefined;
  private readonly released = new Promise<void>((resolve) => (this.releaseFn = resolve));
  readonly rendered: Promise<string>;
  private renderedFn: ((fileId: string) => void) | undefined;

  constructor() {
    this.rendered = new Promise((resolve) => (this.renderedFn = resolve));
  }

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

const generateRequest = (workspaceId: string, price = '100000') => ({
  workspace_id: workspaceId,
  source: 'api',
  customer_name: 'PT Koreksi',
  items: [{ description: 'Design', quantity: '1', price }],
  is_recurring: false,
});

const note = (workspaceId: string, invoiceId: string, fields: Partial<CreditNoteRequest> = {}): CreditNoteRequest => ({
  workspace_id: workspaceId,
  invoice_id: invoiceId,
  source: 'api',
  reason: 'Returned goods',
  items: [],
  ...fields,
});

const fileGone = async (workspaceId: string, fileId: string) => {
  const err = await pdf.call('GetFile', { workspace_id: workspaceId, file_id: fileId }).then(
    () => undefined,
    (e: unknown) => e,
  );
  return AppError.isKind(err, 'not_found');
};
const seq = (number: string) => Number(number.split('-').pop());
const pool = (workspaceId: string) => db.models.CreditPool.findById(workspaceId).lean().exec();
const cnCounters = (workspaceId: string) =>
  db.models.CreditNoteNumberCounter.find({ workspace_id: workspaceId }).lean().exec();
const stored = (s: ReturnType<typeof service>, ws: string, id: string) => s.invoices.get(ws, id);
const eventTypes = (doc: StoredInvoice) => doc.outbox.map((m) => (JSON.parse(m.value) as { type: string }).type);
/** The issue settles its credit and number after its answer: waits until the workspace holds none. */
const settled = (workspaceId: string) =>
  waitFor(
    'the holds settled',
    async () =>
      (await pool(workspaceId))?.held === 0 && (await cnCounters(workspaceId)).every((c) => c.reserved_count === 0),
  );

async function workspaceWithInvoice(s: ReturnType<typeof service>, credits = 20, price = '100000') {
  const ws = await platform.createWorkspace('enterprise');
  await s.credits.set(ws.id, credits, new Date());
  const made = await s.uc.generate.generate(generateRequest(ws.id, price));
  return { ws: ws.id, invoiceId: made.id };
}

test.serial(
  'IssueCreditNote: concurrent notes on one invoice never credit more than its amount; the refused ones use no credit',
  async (t) => {
    const s = service();
    const { ws, invoiceId } = await workspaceWithInvoice(s);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        s.uc.creditNotes.issue(
          note(ws, invoiceId, { items: [{ description: 'Part', quantity: '1', price: '30000' }] }),
        ),
      ),
    );
    const ok = outcomes.filter((o) => o.status === 'fulfilled');
    t.is(ok.length, 3, '3 × 30000 fit in 100000, a 4th does not');
    for (const o of outcomes)
      if (o.status === 'rejected') {
        const err = o.reason as AppError;
        t.true(AppError.isKind(err, 'validation'), String(err));
        t.deepEqual(
          (err.details!.errors as FieldError[]).map((e) => e.path),
          ['body.items'],
        );
      }
    await settled(ws);
    const doc = await stored(s, ws, invoiceId);
    t.is(doc.credit_notes!.length, 3);
    t.like(doc, { invoice_status: 'unpaid' });
    t.like(
      await pool(ws),
      { balance: 20 - 1 - 3, used: 4, held: 0 },
      'one credit per stored note, none for the refused',
    );
    t.is(await db.models.CreditNoteRef.countDocuments({ workspace_id: ws }).exec(), 3, 'refused notes leave no ref');
    // The rest (10000) closes it: nothing paid, so it is cancelled, with its events in the same write.
    const closing = await s.uc.creditNotes.issue(note(ws, invoiceId));
    t.is(closing.note.amount, '10000');
    t.is(closing.invoice.invoice_status, 'cancelled');
    t.deepEqual(eventTypes(await stored(s, ws, invoiceId)).slice(-3), [
      'credit_note.created',
      'invoice.cancelled',
      'invoice.status_changed',
    ]);
    const refused = await t.throwsAsync(s.uc.creditNotes.issue(note(ws, invoiceId)));
    t.true(AppError.isKind(refused, 'application'), 'a cancelled invoice is refused');
  },
);

test.serial(
  'IssueCreditNote: parallel notes across invoices of one workspace are numbered CN-…-0001 to N without a gap',
  async (t) => {
    const s = service();
    const ws = await platform.createWorkspace('enterprise');
    await s.credits.set(ws.id, 30, new Date());
    const ids = await Promise.all(
      Array.from({ length: 6 }, () => s.uc.generate.generate(generateRequest(ws.id)).then((r) => r.id)),
    );
    const issued = await Promise.all(
      ids.map((id) => s.uc.creditNotes.issue(note(ws.id, id, { items: [{ quantity: '1', price: '1000' }] }))),
    );
    const numbers = issued.map((i) => i.note.credit_note_number);
    t.true(
      numbers.every((n) => n.startsWith(`CN-${ws.id}-`)),
      numbers.join(),
    );
    t.deepEqual(
      numbers.map(seq).sort((a, b) => a - b),
      [1, 2, 3, 4, 5, 6],
    );
    // Their own sequence: invoice numbers go on from 6.
    t.is(seq((await s.uc.generate.generate(generateRequest(ws.id))).invoice_number), 7);
  },
);

test.serial(
  'IssueCreditNote: an issue that died after drawing its number leaves no gap and no credit used once the maintenance pass ran; a late write stores nothing',
  async (t) => {
    const s = service();
    const { ws, invoiceId } = await workspaceWithInvoice(s, 5);
    const held = new HeldRender();
    held.install(s.pdfFiles);
    const first = s.uc.creditNotes.issue(note(ws, invoiceId, { items: [{ quantity: '1', price: '1000' }] })).then(
      (r) => ({ ok: true as const, number: r.note.credit_note_number }),
      (err: unknown) => ({ ok: false as const, err }),
    );
    const heldFile = await held.rendered;
    t.like(await pool(ws), { held: 1 });
    await maintenanceAt(s, holdAgeMs + 1000, async () => (await pool(ws))?.held === 0);
    t.like(await pool(ws), { balance: 4, used: 1, held: 0 }, 'the credit is back');
    t.like((await cnCounters(ws))[0], { last: 0, reserved_count: 0 }, 'number 1 is given back');

    held.release();
    const outcome = await first;
    t.false(outcome.ok, 'the issue whose holds were given back stored nothing');
    if (!outcome.ok) t.true(AppError.isKind(outcome.err, 'unavailable'), String(outcome.err));
    t.true(await fileGone(ws, heldFile), 'its PDF is deleted');
    const next = await s.uc.creditNotes.issue(note(ws, invoiceId, { items: [{ quantity: '1', price: '1000' }] }));
    t.is(seq(next.note.credit_note_number), 1, 'the next note gets number 1');
    await settled(ws);
    const doc = await stored(s, ws, invoiceId);
    t.deepEqual(
      doc.credit_notes!.map((n) => n.credit_note_number),
      [next.note.credit_note_number],
    );
    t.like(await pool(ws), { balance: 3, used: 2, held: 0 }, 'the invoice and the one stored note');
  },
);

test.serial(
  'IssueCreditNote: an issue whose process died after its render leaves no PDF, no credit and no number used once the maintenance pass ran',
  async (t) => {
    const s = service();
    const { ws, invoiceId } = await workspaceWithInvoice(s, 5);
    // Never released: the issue never gets past its render, as if its process had died there.
    const held = new HeldRender();
    held.install(s.pdfFiles);
    void s.uc.creditNotes.issue(note(ws, invoiceId, { idempotency_key: 'k1' })).catch(() => undefined);
    const orphan = await held.rendered;
    t.false(await fileGone(ws, orphan), 'the render stored its file');
    await maintenanceAt(s, holdAgeMs + 1000, async () => (await pool(ws))?.held === 0 && (await fileGone(ws, orphan)));
    t.like(await pool(ws), { balance: 4, used: 1, held: 0 });
    t.like((await cnCounters(ws))[0], { last: 0, reserved_count: 0 });
    // Its key is free again: the retry issues the note, numbered 1.
    const retried = await s.uc.creditNotes.issue(note(ws, invoiceId, { idempotency_key: 'k1' }));
    t.false(retried.replayed);
    t.is(seq(retried.note.credit_note_number), 1);
    t.is(retried.invoice.invoice_status, 'cancelled');
  },
);

test.serial(
  'IssueCreditNote: a retry with the same Idempotency-Key replays the note; another body is a 422',
  async (t) => {
    const s = service();
    const { ws, invoiceId } = await workspaceWithInvoice(s);
    const req = note(ws, invoiceId, {
      idempotency_key: 'cn-1',
      request_fingerprint: 'f1',
      items: [{ quantity: '1', price: '2500' }],
    });
    const [a, b] = await Promise.all(
      [s.uc.creditNotes.issue(req), s.uc.creditNotes.issue(req)].map((p) => p.catch((e: unknown) => e)),
    );
    const results = [a, b].filter(
      (r): r is Awaited<ReturnType<typeof s.uc.creditNotes.issue>> => !(r instanceof Error),
    );
    t.true(results.length >= 1);
    const again = await s.uc.creditNotes.issue(req);
    t.true(again.replayed);
    t.is(again.note.id, results[0]!.note.id);
    t.is(again.credits_remaining, results[0]!.credits_remaining);
    const other = await t.throwsAsync(s.uc.creditNotes.issue({ ...req, request_fingerprint: 'f2' }));
    t.true(AppError.isKind(other, 'unprocessable'), String(other));
    await settled(ws);
    t.is((await stored(s, ws, invoiceId)).credit_notes!.length, 1, 'one note for the key');
    t.like(await pool(ws), { used: 2 }, 'the invoice and one note');
  },
);

test.serial(
  'IssueCreditNote refusals use no credit and write nothing: past the amount, another workspace’s invoice, no credit left',
  async (t) => {
    const s = service();
    const { ws, invoiceId } = await workspaceWithInvoice(s, 2);
    const before = await stored(s, ws, invoiceId);
    const poolBefore = await pool(ws);

    const over = await t.throwsAsync(
      s.uc.creditNotes.issue(note(ws, invoiceId, { items: [{ quantity: '1', price: '100001' }] })),
    );
    t.true(AppError.isKind(over, 'validation'));
    t.deepEqual(
      ((over as AppError).details!.errors as FieldError[]).map((e) => e.path),
      ['body.items'],
    );

    const other = await platform.createWorkspace('enterprise');
    await s.credits.set(other.id, 5, new Date());
    const foreign = await t.throwsAsync(s.uc.creditNotes.issue(note(other.id, invoiceId)));
    t.true(AppError.isKind(foreign, 'not_found'), 'another workspace’s invoice is a 404');
    await t.throwsAsync(s.uc.creditNotes.get(other.id, 'cn_unknown'), { message: /No such credit note/ });

    await s.credits.set(ws, 0, new Date());
    const broke = await t.throwsAsync(s.uc.creditNotes.issue(note(ws, invoiceId)));
    t.true(AppError.isKind(broke, 'payment_required'), String(broke));

    const after = await stored(s, ws, invoiceId);
    t.is(after.version, before.version, 'the invoice is unchanged');
    t.deepEqual(after.credit_notes, []);
    t.like(await pool(other.id), { balance: 5, used: 0 });
    t.like(await pool(ws), { used: poolBefore!.used, held: 0 });
    t.is(await db.models.CreditNoteRef.countDocuments({ workspace_id: ws }).exec(), 0, 'no ref left');
    t.true(
      (await cnCounters(ws)).every((c) => c.last === 0 && c.reserved_count === 0),
      'no credit note number used',
    );
  },
);

test.serial(
  'GetCreditNote, GetPublicCreditNote and ListCreditNotes read the note its invoice holds; another workspace’s id is a 404',
  async (t) => {
    const s = service();
    const { ws, invoiceId } = await workspaceWithInvoice(s);
    // Something paid, then the rest credited: the invoice becomes paid.
    await s.uc.changes.markPaidByPayment({
      workspace_id: ws,
      invoice_id: invoiceId,
      payment_gateway: 'stripe',
      provider_payment_id: 'pi_1',
      amount: '100000',
      currency: 'IDR',
    });
    const paid = await stored(s, ws, invoiceId);
    t.is(paid.invoice_status, 'paid');
    const issued = await s.uc.creditNotes.issue(note(ws, invoiceId, { items: [{ quantity: '1', price: '40000' }] }));
    const { note: got, invoice } = await s.uc.creditNotes.get(ws, issued.note.id);
    t.is(got.credit_note_number, issued.note.credit_note_number);
    t.is(invoice._id, invoiceId);
    t.is((await s.uc.creditNotes.getPublic(issued.note.id)).note.id, issued.note.id);
    t.deepEqual(
      (await s.uc.creditNotes.list(ws, invoiceId)).notes.map((n) => n.id),
      [issued.note.id],
    );
    const other = await platform.createWorkspace('enterprise');
    t.true(AppError.isKind(await t.throwsAsync(s.uc.creditNotes.get(other.id, issued.note.id)), 'not_found'));
    t.true(AppError.isKind(await t.throwsAsync(s.uc.creditNotes.list(other.id, invoiceId)), 'not_found'));
    t.true(AppError.isKind(await t.throwsAsync(s.uc.creditNotes.getPublic('cn_nothere')), 'not_found'));
    t.is((issued.invoice as InvoiceDoc).invoice_status, 'paid', 'a paid invoice stays paid');
  },
);
