import type { Connection } from 'mongoose';
import { exactMinorUnits } from '@invoice-platform/common/money';
import { paymentApplied } from '../../services/invoice/src/domain/balance.ts';
import type { LifecycleEvent } from '../support/events.ts';
import type { SinkMessage } from '../support/mail.ts';
import type { ReceivedRequest } from '../support/webhook-receiver.ts';
import { type ApiBalance, type Generated, type MoneyCall, type Paid, units } from './clients.ts';
import type { Figures } from './figures.ts';

/**
 * The promises a chaos run checks once everything is back (issue 18, docs/reliability.md), from
 * what the services stored (read straight from their databases) against what the clients were
 * told, what Kafka carried, what the webhook receiver and the SMTP sink received. Each check is a
 * count of broken cases; a run passes when every one is 0.
 */

export interface InvoiceRow {
  _id: string;
  workspace_id: string;
  customer_name: string;
  customer_email: string | null;
  invoice_number: string;
  number_period: string;
  number_seq: number;
  invoice_status: string;
  idempotency_scope: string;
  occurrence_scope: string;
  series_id: string | null;
  occurrence_date: string | null;
  currency: string;
  amount: string;
  amount_received: string;
  credit_notes?: CreditNoteRow[];
  payments?: PaymentRow[];
}

/** A credit note as the invoice stores it (docs/money-trail.md). */
interface CreditNoteRow {
  id: string;
  credit_note_number: string;
  reason: string;
  amount: string;
}

/** A payment as the invoice stores it: recorded by hand (reference, no provider) or taken online. */
interface PaymentRow {
  id?: string;
  amount: string;
  reference?: string | null;
  provider_payment_id?: string | null;
  /** false: received but not counted (it found the invoice paid or cancelled). */
  applies?: boolean;
  /** The part counted when less than `amount` (an online payment over the amount due). */
  amount_applied?: string;
  invoice_status?: string;
}

interface PoolRow {
  _id: string;
  unlimited: boolean;
  balance: number;
  used: number;
  held: number;
}

interface OccurrenceRow {
  _id: string;
  series_id: string;
  workspace_id: string;
  local_date: string;
  status: string;
  invoice_id: string | null;
  message_id?: string | null;
}

export interface ReconcileInput {
  invoiceDb: Connection;
  pdfDb: Connection;
  recurringDb: Connection;
  workspaces: { id: string; credits: number }[];
  generated: Generated[];
  paid: Paid[];
  events: LifecycleEvent[];
  deliveries: ReceivedRequest[];
  mail: SinkMessage[];
  /** The series the run made, with the customer address their follow-ups go to. */
  series: { id: string; email: string }[];
  /** The credit notes and payments the clients asked for, with what they were told. */
  money: MoneyCall[];
  /** What the endpoints that named the opt-in types (credit_note.created, invoice.payment_recorded) received. */
  optInDeliveries: ReceivedRequest[];
  /**
   * Reads an invoice through the API, with its lists of credit notes and payments when asked.
   * Given: the money is also checked as a client sees it (once settled: one read per invoice).
   */
  readApi?: (workspaceId: string, invoiceId: string, lists: boolean) => Promise<ApiRead>;
}

/** An invoice as the API shows it: its balance, and the amounts of its listed credit notes and payments. */
export interface ApiRead {
  status: number;
  invoice?: ApiBalance;
  creditNotes?: number[];
  payments?: number[];
}

export interface Check {
  name: string;
  /** Broken cases: must be 0. */
  broken: number;
  /** What was checked, for the table. */
  of: number;
  examples: string[];
  /** Numbers: free numbers of months no closing generate reaches, waiting for their month's next generate. */
  waiting?: number;
}

const check = (name: string): Check => ({ name, broken: 0, of: 0, examples: [] });

/**
 * Answers from the platform's own errors: a fault may make a client wait or retry (503, 409, a
 * cut connection), never get a 500. Each example gives the run time, so the services' logs of
 * that moment tell what failed.
 */
export function serverErrors(figures: Figures): Check {
  const c = check('server errors (a 5xx other than 503) answered to clients');
  c.of = figures.count(() => true);
  for (const e of figures.serverErrors) fail(c, `${e.key} at ${(e.at / 1000).toFixed(1)} s: ${e.body}`);
  return c;
}
function fail(c: Check, example: string): void {
  c.broken++;
  if (c.examples.length < 5) c.examples.push(example);
}

export async function reconcile(input: ReconcileInput): Promise<Check[]> {
  const ours = new Set(input.workspaces.map((w) => w.id));
  const invoices = (await input.invoiceDb.collection<InvoiceRow>('invoices').find({}).toArray()).filter((i) =>
    ours.has(i.workspace_id),
  );
  const byId = new Map(invoices.map((i) => [i._id, i]));

  // (a) One invoice per Idempotency-Key, and every 200 a client saw exists.
  const lost = check('lost invoices (a 200 whose invoice is missing)');
  const duplicates = check('duplicate invoices (two for one Idempotency-Key)');
  // A series' follow-ups copy its first invoice's customer: they are the series' own, checked in (e).
  const byMarker = new Map<string, InvoiceRow[]>();
  for (const i of invoices.filter((x) => !x.occurrence_date))
    byMarker.set(i.customer_name, [...(byMarker.get(i.customer_name) ?? []), i]);
  for (const g of input.generated) {
    lost.of++;
    duplicates.of++;
    const found = byMarker.get(g.marker) ?? [];
    if (found.length > 1) fail(duplicates, `${g.key}: ${found.map((i) => i.invoice_number).join(', ')}`);
    if (g.id) {
      const stored = byId.get(g.id);
      if (!stored || stored.invoice_number !== g.invoiceNumber) fail(lost, `${g.key}: ${g.id} ${g.invoiceNumber}`);
    }
  }

  // (b) Credits used equal invoices created, follow-ups included, plus credit notes (one credit
  // each, as a document); no hold left.
  const credits = check('wrong credits (used ≠ invoices + credit notes, or a hold left)');
  const pools = await input.invoiceDb.collection<PoolRow>('credit_pools').find({}).toArray();
  for (const w of input.workspaces) {
    credits.of++;
    const pool = pools.find((p) => p._id === w.id);
    const mine = invoices.filter((i) => i.workspace_id === w.id);
    const notes = mine.reduce((n, i) => n + (i.credit_notes?.length ?? 0), 0);
    const made = mine.length + notes;
    if (!pool) {
      if (made > 0) fail(credits, `${w.id}: no pool, ${mine.length} invoices, ${notes} credit notes`);
      continue;
    }
    if (pool.used !== made || pool.balance !== w.credits - made || pool.held !== 0)
      fail(
        credits,
        `${w.id}: used ${pool.used}, balance ${pool.balance}, held ${pool.held}; ${mine.length} invoices, ${notes} credit notes`,
      );
  }

  // (c) Numbers per workspace and month unique and without gaps. A number a crashed generate held
  // goes back to its sequence's free list and is handed to the next generate of that workspace and
  // month (docs/architecture.md#numbering). The run's closing generates fill those of the current
  // month; a month only follow-ups reach (the scheduler's clock runs ahead) gets no generate after
  // the run, so a number its sequence lists as free waits there: not a gap, but reported. A number
  // neither used nor listed free is a gap.
  const numbers = check('number gaps or repeats');
  const sequences = new Map<string, number[]>();
  for (const i of invoices) {
    const k = `${i.workspace_id} ${i.number_period}`;
    sequences.set(k, [...(sequences.get(k) ?? []), i.number_seq]);
  }
  const counters = await input.invoiceDb.collection<CounterRow>('invoice_number_sequences').find({}).toArray();
  // The months API generates reach: those of the numbers the clients were given.
  const reachable = new Set(input.generated.flatMap((g) => /-(\d{6})-\d+$/.exec(g.invoiceNumber ?? '')?.[1] ?? []));
  const waiting = new Map(
    counters.filter((c) => !reachable.has(c.period)).map((c) => [`${c.workspace_id} ${c.period}`, new Set(c.free)]),
  );
  numbers.waiting = 0;
  for (const [k, seqs] of sequences) {
    numbers.of++;
    const sorted = [...seqs].sort((a, b) => a - b);
    const free = waiting.get(k) ?? new Set<number>();
    const all = [...sorted, ...free].sort((a, b) => a - b);
    if (
      new Set(sorted).size !== sorted.length ||
      sorted.some((n) => free.has(n)) ||
      all.some((n, idx) => n !== idx + 1)
    )
      fail(numbers, `${k}: ${sorted.join(',')}${free.size > 0 ? ` (free: ${[...free].join(',')})` : ''}`);
    else numbers.waiting += free.size;
  }

  // (d) Every public lifecycle event reached the receiver, and the last status delivered equals the invoice's.
  const undelivered = check('undelivered events');
  const lastStatus = check('last status delivered ≠ the invoice');
  // A webhook carries no sequence: an event's place in its invoice's history is read from Kafka.
  const sequenceOf = new Map(input.events.map((e) => [e.id, e.sequence]));
  const delivered = new Map<string, { sequence: number; status: string }>();
  const deliveredIds = new Set<string>();
  for (const d of input.deliveries) {
    const event = JSON.parse(d.body) as { id: string; data: { object: Record<string, unknown> } };
    deliveredIds.add(event.id);
    const invoice = String(event.data.object.id);
    const sequence = sequenceOf.get(event.id) ?? 0;
    const before = delivered.get(invoice);
    if (!before || sequence > before.sequence)
      delivered.set(invoice, { sequence, status: String(event.data.object.invoice_status) });
  }
  const publicTypes = new Set(['invoice.created', 'invoice.paid', 'invoice.overdue', 'invoice.cancelled']);
  for (const e of input.events) {
    if (!ours.has(e.workspace_id) || !publicTypes.has(e.type)) continue;
    undelivered.of++;
    if (!deliveredIds.has(e.id)) fail(undelivered, `${e.type} ${e.id} of ${String(e.data.object.id)}`);
  }
  for (const i of invoices) {
    lastStatus.of++;
    const last = delivered.get(i._id);
    if (!last) fail(lastStatus, `${i.invoice_number}: nothing delivered`);
    else if (last.status !== i.invoice_status)
      fail(lastStatus, `${i.invoice_number}: ${last.status} vs ${i.invoice_status}`);
  }

  // (e) Each due occurrence made exactly one invoice, and each follow-up was emailed once.
  const occurrencesBroken = check('occurrences without exactly one invoice');
  const doubledMail = check('follow-ups emailed twice (different Message-IDs)');
  const occurrences = (await input.recurringDb.collection<OccurrenceRow>('occurrences').find({}).toArray()).filter(
    (o) => ours.has(o.workspace_id),
  );
  const followUps = invoices.filter((i) => i.series_id && i.occurrence_date);
  for (const o of occurrences.filter((x) => x.status === 'sent' || x.invoice_id)) {
    occurrencesBroken.of++;
    // The invoices of this occurrence: its follow-ups by date, and the one it names (the first
    // occurrence names the series' first invoice, which has no occurrence date).
    const made = new Set(
      followUps.filter((i) => i.series_id === o.series_id && i.occurrence_date === o.local_date).map((i) => i._id),
    );
    if (o.invoice_id && byId.has(o.invoice_id)) made.add(o.invoice_id);
    if (made.size !== 1 || (o.invoice_id && !made.has(o.invoice_id)))
      fail(occurrencesBroken, `${o.series_id} ${o.local_date}: ${made.size} invoices`);
  }
  let resentCopies = 0;
  for (const s of input.series) {
    const mine = input.mail.filter((m) => m.to.includes(s.email));
    const bySubject = new Map<string, Set<string>>();
    for (const m of mine) {
      const ids = bySubject.get(m.subject) ?? new Set<string>();
      ids.add(m.message_id ?? m.id);
      bySubject.set(m.subject, ids);
    }
    for (const [subject, ids] of bySubject) {
      doubledMail.of++;
      if (ids.size > 1) fail(doubledMail, `${s.email}: ${subject} under ${ids.size} Message-IDs`);
    }
    resentCopies += mine.length - [...bySubject.values()].reduce((n, ids) => n + ids.size, 0);
  }
  if (resentCopies > 0)
    doubledMail.examples.push(`${resentCopies} re-sent copies under one Message-ID (at least once)`);

  // (f) Each provider payment counted once.
  const payments = check('online payments counted twice (or lost)');
  for (const p of input.paid) {
    payments.of++;
    const i = byId.get(p.invoiceId);
    const recorded = (i?.payments ?? []).filter((x) => x.provider_payment_id).length;
    if (recorded !== p.payments) fail(payments, `${p.invoiceId}: ${recorded} recorded for ${p.payments} made`);
  }

  // (g) No file without an invoice (or a credit note: its files may name the note), once the
  // maintenance pass has run.
  const orphans = check('PDF files without an invoice');
  const owners = new Set([...byId.keys(), ...invoices.flatMap((i) => (i.credit_notes ?? []).map((n) => n.id))]);
  const files = await input.pdfDb
    .collection<{ _id: unknown; metadata?: { workspace_id?: string; invoice_id?: string } }>('pdf_files.files')
    .find({})
    .toArray();
  for (const f of files) {
    if (!f.metadata?.workspace_id || !ours.has(f.metadata.workspace_id)) continue;
    orphans.of++;
    if (!f.metadata.invoice_id || !owners.has(f.metadata.invoice_id))
      fail(orphans, `file ${String(f._id)} of ${f.metadata.invoice_id}`);
  }

  return [
    lost,
    duplicates,
    credits,
    numbers,
    undelivered,
    lastStatus,
    occurrencesBroken,
    doubledMail,
    payments,
    orphans,
    ...(await reconcileMoney(
      input,
      invoices,
      await input.invoiceDb.collection<CounterRow>(creditNoteSequences).find({}).toArray(),
    )),
  ];
}

export interface CounterRow {
  _id: string;
  workspace_id: string;
  period: string;
  free: number[];
}

/** The credit notes' own number sequences, per workspace and month (docs/money-trail.md "Credit notes"). */
export const creditNoteSequences = 'credit_note_number_sequences';

const creditNoteNumber = /^CN-(.+)-(\d{6})-(\d+)$/;

/**
 * The money trail's promises (issue 30, docs/money-trail.md): every credit note and recorded
 * payment a client was told about is stored once, a refused one wrote nothing, credit note numbers
 * are gapless per workspace and month, no invoice is credited past its amount, every note and
 * payment sent its opt-in event to the endpoints that named it (and only to them), and, read
 * through the API, every invoice's amount_due is amount − credited − paid to the minor unit, with
 * its credit notes and payments adding up to its balance and its status following it.
 */
export async function reconcileMoney(
  input: ReconcileInput,
  invoices: InvoiceRow[],
  cnCounters: CounterRow[],
): Promise<Check[]> {
  const byId = new Map(invoices.map((i) => [i._id, i]));
  const amountOf = (i: InvoiceRow, value: string) => {
    const n = exactMinorUnits(value, i.currency);
    if (n === null) throw new RangeError(`${i._id}: not an amount in ${i.currency}: ${value}`);
    return n;
  };

  // Each call a client made, found in its invoice by its marker (the note's reason, the payment's reference).
  const lost = check('lost credit notes and payments (a 200 whose record is missing)');
  const twice = check('credit notes and payments made twice (two for one Idempotency-Key)');
  const refused = check('refused credit notes and payments that wrote something, or one past the balance taken');
  for (const call of input.money) {
    const invoice = byId.get(call.invoiceId);
    const found: { id?: string; number?: string; amount: string }[] =
      call.kind === 'credit note'
        ? (invoice?.credit_notes ?? [])
            .filter((n) => n.reason === call.marker)
            .map((n) => ({ id: n.id, number: n.credit_note_number, amount: n.amount }))
        : (invoice?.payments ?? []).filter((p) => p.reference === call.marker);
    const what = `${call.kind} ${call.key} (${call.intent}) on ${call.invoiceId.slice(0, 8)}…: ${call.status}`;
    twice.of++;
    if (found.length > 1) fail(twice, `${what}: ${found.length} stored`);
    if (call.status === 200) {
      lost.of++;
      const stored = found.find((f) => f.id === call.id);
      if (
        !stored ||
        (call.kind === 'credit note' && stored.number !== call.number) ||
        !invoice ||
        amountOf(invoice, stored.amount) !== units(call.amount!, invoice.currency)
      )
        fail(lost, `${what} ${call.number ?? call.id ?? ''} not stored as answered`);
    }
    const final = call.status >= 400 && call.status < 500 && call.status !== 409 && call.status !== 429;
    if (final || call.intent === 'over') {
      refused.of++;
      if ((final && found.length > 0) || (call.intent === 'over' && call.status === 200))
        fail(refused, `${what}, ${found.length} stored`);
    }
  }

  // Credit note numbers: per workspace and month 1…n without repeats, a number a crashed note held
  // being free (the counter's list) until the next note of its workspace and month takes it; the
  // run's closing notes take those (chaos.ts), so none is left free at the end.
  const numbers = check('credit note number gaps or repeats');
  const sequences = new Map<string, number[]>();
  for (const i of invoices)
    for (const n of i.credit_notes ?? []) {
      const m = creditNoteNumber.exec(n.credit_note_number);
      const k = m && m[1] === i.workspace_id ? `${i.workspace_id} ${m[2]}` : `${i.workspace_id} ?`;
      sequences.set(k, [...(sequences.get(k) ?? []), m ? Number(m[3]) : NaN]);
    }
  const freeOf = new Map(cnCounters.map((c) => [`${c.workspace_id} ${c.period}`, c.free]));
  for (const [k, seqs] of sequences) {
    numbers.of++;
    const sorted = [...seqs].sort((a, b) => a - b);
    const free = freeOf.get(k) ?? [];
    if (new Set(sorted).size !== sorted.length || free.length > 0 || sorted.some((n, idx) => n !== idx + 1))
      fail(numbers, `${k}: ${sorted.join(',')}${free.length > 0 ? ` (free: ${free.join(',')})` : ''}`);
  }

  const over = check('invoices credited past their amount');
  for (const i of invoices) {
    if (!i.credit_notes?.length) continue;
    over.of++;
    const credited = i.credit_notes.reduce((sum, n) => sum + amountOf(i, n.amount), 0n);
    if (credited > amountOf(i, i.amount))
      fail(over, `${i.invoice_number}: ${i.amount} credited ${credited} minor units`);
  }

  // The opt-in events: one per note and per recorded payment on Kafka, each delivered to the
  // endpoints that named its type, none to those registered for the spec's events.
  const optIn = new Set(['credit_note.created', 'invoice.payment_recorded']);
  const events = check('credit notes and recorded payments without exactly one opt-in event');
  const perRecord = new Map<string, Set<string>>();
  for (const e of input.events) {
    if (!optIn.has(e.type)) continue;
    const data = e.data as { object: { id?: unknown }; payment?: { id?: unknown } };
    const recordId = e.type === 'credit_note.created' ? String(data.object.id) : String(data.payment?.id);
    perRecord.set(recordId, (perRecord.get(recordId) ?? new Set()).add(e.id));
  }
  for (const i of invoices) {
    const records = [
      ...(i.credit_notes ?? []).map((n) => n.id),
      ...(i.payments ?? []).filter((p) => !p.provider_payment_id && p.id).map((p) => p.id!),
    ];
    for (const id of records) {
      events.of++;
      const n = perRecord.get(id)?.size ?? 0;
      if (n !== 1) fail(events, `${id.slice(0, 8)}… of ${i.invoice_number}: ${n} events`);
    }
  }
  const delivery = check('opt-in events undelivered, or delivered where not named');
  const optInIds = new Set(input.optInDeliveries.map((d) => (JSON.parse(d.body) as { id: string }).id));
  const ours = new Set(input.workspaces.map((w) => w.id));
  for (const e of input.events) {
    if (!optIn.has(e.type) || !ours.has(e.workspace_id)) continue;
    delivery.of++;
    if (!optInIds.has(e.id)) fail(delivery, `${e.type} ${e.id} undelivered`);
  }
  for (const d of input.deliveries) {
    const type = (JSON.parse(d.body) as { type: string }).type;
    if (optIn.has(type)) fail(delivery, `${type} delivered to an endpoint registered for the spec's events`);
  }
  for (const d of input.optInDeliveries) {
    const type = (JSON.parse(d.body) as { type: string }).type;
    if (!optIn.has(type)) fail(delivery, `${type} delivered to an endpoint that named only the opt-in types`);
  }

  const checks = [lost, twice, refused, numbers, over, events, delivery];
  if (!input.readApi) return checks;

  // Through the API, as a client reads it: every invoice's balance, exact to the minor unit.
  const formula = check('amount_due ≠ amount − credited − paid (read through the API)');
  const sums = check('balance ≠ its credit notes and payments (listed through the API)');
  const status = check('invoices left unpaid or overdue with nothing due');
  let refundable = 0;
  const queue = [...invoices];
  const work = async () => {
    for (let i = queue.shift(); i; i = queue.shift()) {
      const notes = i.credit_notes ?? [];
      const paymentsStored = i.payments ?? [];
      const lists = notes.length > 0 || paymentsStored.length > 0;
      const read = await input.readApi!(i.workspace_id, i._id, lists);
      formula.of++;
      sums.of++;
      status.of++;
      if (read.status !== 200 || !read.invoice) {
        fail(formula, `${i.invoice_number}: GET answered ${read.status}`);
        continue;
      }
      const a = read.invoice;
      const c = i.currency;
      const amount = units(a.amount, c);
      const credited = units(a.amount_credited, c);
      const paid = units(a.amount_paid, c);
      const due = units(a.amount_due, c);
      const left = amount - credited - paid;
      if (amount !== amountOf(i, i.amount) || due !== (left > 0n ? left : 0n) || credited > amount || paid < 0n)
        fail(
          formula,
          `${i.invoice_number}: amount ${a.amount}, credited ${a.amount_credited}, paid ${a.amount_paid}, due ${a.amount_due}`,
        );
      if (left < 0n) refundable++;
      // Credited: the notes stored and listed; paid: the payments that apply (money that found the
      // invoice paid or cancelled is received, not applied), or all that was left while it is paid
      // by a status change with less recorded (the spec's "the total while paid").
      const storedCredited = notes.reduce((sum, n) => sum + amountOf(i, n.amount), 0n);
      const applied = paymentsStored.reduce((sum, p) => sum + paymentApplied(p, i.currency), 0n);
      const listedCredited = (read.creditNotes ?? []).reduce((sum, x) => sum + units(x, c), 0n);
      const paidByStatus = a.invoice_status === 'paid' && applied < amount - storedCredited;
      if (
        credited !== storedCredited ||
        (lists && (listedCredited !== storedCredited || read.creditNotes?.length !== notes.length)) ||
        (lists && read.payments?.length !== paymentsStored.length) ||
        paid !== (paidByStatus ? amount - storedCredited : applied)
      )
        fail(
          sums,
          `${i.invoice_number}: credited ${a.amount_credited} (notes ${notes.map((n) => n.amount).join('+') || 0}, listed ${read.creditNotes?.length ?? '–'}), paid ${a.amount_paid} (applied ${applied} minor units, listed ${read.payments?.length ?? '–'} of ${paymentsStored.length}), ${a.invoice_status}`,
        );
      if ((a.invoice_status === 'unpaid' || a.invoice_status === 'overdue') && due === 0n)
        fail(status, `${i.invoice_number}: ${a.invoice_status} with amount_due 0`);
    }
  };
  await Promise.all(Array.from({ length: 6 }, work));
  if (refundable > 0)
    formula.examples.push(`${refundable} invoices credited after payment: amount_due 0, the excess to refund`);
  return [...checks, formula, sums, status];
}
