import type { Connection } from 'mongoose';
import type { LifecycleEvent } from '../support/events.ts';
import type { SinkMessage } from '../support/mail.ts';
import type { ReceivedRequest } from '../support/webhook-receiver.ts';
import type { Generated, Paid } from './clients.ts';
import type { Figures } from './figures.ts';

/**
 * The promises a chaos run checks once everything is back (issue 18, docs/reliability.md), from
 * what the services stored (read straight from their databases) against what the clients were
 * told, what Kafka carried, what the webhook receiver and the SMTP sink received. Each check is a
 * count of broken cases; a run passes when every one is 0.
 */

interface InvoiceRow {
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
  amount: string;
  amount_received: string;
  payments?: { provider_payment_id: string; amount: string }[];
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

  // (b) Credits used equal invoices created, follow-ups included; no hold left.
  const credits = check('wrong credits (used ≠ invoices, or a hold left)');
  const pools = await input.invoiceDb.collection<PoolRow>('credit_pools').find({}).toArray();
  for (const w of input.workspaces) {
    credits.of++;
    const pool = pools.find((p) => p._id === w.id);
    const made = invoices.filter((i) => i.workspace_id === w.id).length;
    if (!pool) {
      if (made > 0) fail(credits, `${w.id}: no pool, ${made} invoices`);
      continue;
    }
    if (pool.used !== made || pool.balance !== w.credits - made || pool.held !== 0)
      fail(credits, `${w.id}: used ${pool.used}, balance ${pool.balance}, held ${pool.held}; ${made} invoices`);
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
  const counters = await input.invoiceDb
    .collection<{ workspace_id: string; period: string; free: number[] }>('invoice_number_sequences')
    .find({})
    .toArray();
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
  const payments = check('payments counted twice (or lost)');
  for (const p of input.paid) {
    payments.of++;
    const i = byId.get(p.invoiceId);
    const recorded = i?.payments?.length ?? 0;
    if (recorded !== p.payments) fail(payments, `${p.invoiceId}: ${recorded} recorded for ${p.payments} made`);
  }

  // (g) No file without an invoice, once the maintenance pass has run.
  const orphans = check('PDF files without an invoice');
  const files = await input.pdfDb
    .collection<{ _id: unknown; metadata?: { workspace_id?: string; invoice_id?: string } }>('pdf_files.files')
    .find({})
    .toArray();
  for (const f of files) {
    if (!f.metadata?.workspace_id || !ours.has(f.metadata.workspace_id)) continue;
    orphans.of++;
    if (!f.metadata.invoice_id || !byId.has(f.metadata.invoice_id))
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
  ];
}
