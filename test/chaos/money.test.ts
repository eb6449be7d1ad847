/**
 * The chaos run's money checks (docs/money-trail.md "Reconciliation under chaos"), on a small
 * world given by hand: the world as it should be breaks nothing, and each way the money can go
 * wrong (a cent off through the API, a credit note number skipped or repeated, a payment counted
 * twice, a refusal that wrote, an event delivered where it was not named…) breaks its check.
 */
import test from 'ava';
import type { Connection } from 'mongoose';
import type { LifecycleEvent } from '../support/events.ts';
import type { ReceivedRequest } from '../support/webhook-receiver.ts';
import type { ApiBalance, MoneyCall } from './clients.ts';
import {
  type ApiRead,
  type Check,
  type CounterRow,
  type InvoiceRow,
  reconcileMoney,
  type ReconcileInput,
} from './reconcile.ts';

interface World {
  invoices: InvoiceRow[];
  counters: CounterRow[];
  money: MoneyCall[];
  events: LifecycleEvent[];
  /** To the endpoint registered for the spec's events, and to the one naming the opt-in types. */
  spec: { id: string; type: string }[];
  optIn: { id: string; type: string }[];
  api: Map<string, { invoice: ApiBalance; creditNotes: number[]; payments: number[] }>;
}

const ws = 'ws_money';

const invoiceRow = (over: Partial<InvoiceRow> & Pick<InvoiceRow, '_id' | 'invoice_number' | 'amount'>): InvoiceRow => ({
  workspace_id: ws,
  customer_name: 'Chaos',
  customer_email: null,
  number_period: '202611',
  number_seq: 1,
  invoice_status: 'unpaid',
  idempotency_scope: '',
  occurrence_scope: '',
  series_id: null,
  occurrence_date: null,
  currency: 'EUR',
  amount_received: '0',
  credit_notes: [],
  payments: [],
  ...over,
});

const event = (id: string, type: string, data: LifecycleEvent['data']): LifecycleEvent => ({
  headers: {},
  id,
  object: 'event',
  type,
  created: '2026-11-29T00:00:00Z',
  workspace_id: ws,
  sequence: 1,
  data,
});

/**
 * Two invoices: one credited 10.00 and paid 20.00 of 100.00 (70.00 due), one of 50.00 cancelled
 * by its closing note; a payment past the balance was refused and wrote nothing.
 */
function world(): World {
  return {
    invoices: [
      invoiceRow({
        _id: 'inv_one',
        invoice_number: `INV-${ws}-202611-1`,
        amount: '100.00',
        credit_notes: [{ id: 'cn_one', credit_note_number: `CN-${ws}-202611-1`, reason: 'Chaos k1', amount: '10.00' }],
        payments: [{ id: 'pay_one', amount: '20.00', reference: 'Chaos k2', applies: true }],
      }),
      invoiceRow({
        _id: 'inv_two',
        invoice_number: `INV-${ws}-202611-2`,
        number_seq: 2,
        amount: '50.00',
        invoice_status: 'cancelled',
        credit_notes: [{ id: 'cn_two', credit_note_number: `CN-${ws}-202611-2`, reason: 'Chaos k3', amount: '50.00' }],
      }),
    ],
    counters: [{ _id: `${ws}:202611`, workspace_id: ws, period: '202611', free: [] }],
    money: [
      {
        kind: 'credit note',
        workspaceId: ws,
        invoiceId: 'inv_one',
        key: 'k1',
        marker: 'Chaos k1',
        intent: 'partial',
        status: 200,
        id: 'cn_one',
        number: `CN-${ws}-202611-1`,
        amount: 10,
        attempts: 1,
      },
      {
        kind: 'payment',
        workspaceId: ws,
        invoiceId: 'inv_one',
        key: 'k2',
        marker: 'Chaos k2',
        intent: 'partial',
        status: 200,
        id: 'pay_one',
        amount: 20,
        attempts: 2,
      },
      {
        kind: 'credit note',
        workspaceId: ws,
        invoiceId: 'inv_two',
        key: 'k3',
        marker: 'Chaos k3',
        intent: 'closing',
        status: 200,
        id: 'cn_two',
        number: `CN-${ws}-202611-2`,
        amount: 50,
        attempts: 1,
      },
      {
        kind: 'payment',
        workspaceId: ws,
        invoiceId: 'inv_one',
        key: 'k4',
        marker: 'Chaos k4',
        intent: 'over',
        status: 400,
        attempts: 1,
      },
    ],
    events: [
      event('evt_1', 'credit_note.created', { object: { id: 'cn_one' }, invoice: { id: 'inv_one' } }),
      event('evt_2', 'invoice.payment_recorded', { object: { id: 'inv_one' }, payment: { id: 'pay_one' } }),
      event('evt_3', 'credit_note.created', { object: { id: 'cn_two' }, invoice: { id: 'inv_two' } }),
    ],
    spec: [
      { id: 'evt_0', type: 'invoice.created' },
      { id: 'evt_4', type: 'invoice.cancelled' },
    ],
    optIn: [
      { id: 'evt_1', type: 'credit_note.created' },
      { id: 'evt_2', type: 'invoice.payment_recorded' },
      { id: 'evt_3', type: 'credit_note.created' },
    ],
    api: new Map([
      [
        'inv_one',
        {
          invoice: {
            currency: 'EUR',
            amount: 100,
            amount_credited: 10,
            amount_paid: 20,
            amount_due: 70,
            invoice_status: 'unpaid',
          },
          creditNotes: [10],
          payments: [20],
        },
      ],
      [
        'inv_two',
        {
          invoice: {
            currency: 'EUR',
            amount: 50,
            amount_credited: 50,
            amount_paid: 0,
            amount_due: 0,
            invoice_status: 'cancelled',
          },
          creditNotes: [50],
          payments: [],
        },
      ],
    ]),
  };
}

const unused = {} as Connection;
const delivered = (bodies: { id: string; type: string }[]) =>
  bodies.map((b, seq) => ({ seq, body: JSON.stringify(b) }) as ReceivedRequest);

async function checksOf(w: World): Promise<Check[]> {
  const input: ReconcileInput = {
    invoiceDb: unused,
    pdfDb: unused,
    recurringDb: unused,
    workspaces: [{ id: ws, credits: 100 }],
    generated: [],
    paid: [],
    events: w.events,
    deliveries: delivered(w.spec),
    mail: [],
    series: [],
    money: w.money,
    optInDeliveries: delivered(w.optIn),
    readApi: (_ws, id, lists): Promise<ApiRead> => {
      const read = w.api.get(id);
      return Promise.resolve(
        read
          ? {
              status: 200,
              invoice: read.invoice,
              ...(lists ? { creditNotes: read.creditNotes, payments: read.payments } : {}),
            }
          : { status: 404 },
      );
    },
  };
  return reconcileMoney(input, w.invoices, w.counters);
}

const one = (w: World) => w.invoices[0]!;
const api = (w: World) => w.api.get('inv_one')!;

/** Each case changes the world, and names the checks (by the start of their name) it must break. */
const cases: { title: string; change: (w: World) => void; broken: Record<string, number> }[] = [
  { title: 'the world as it should be', change: () => undefined, broken: {} },
  {
    title: 'paid by a status change with less recorded: amount_paid is all that is left',
    change: (w) => {
      one(w).invoice_status = 'paid';
      Object.assign(api(w).invoice, { invoice_status: 'paid', amount_paid: 90, amount_due: 0 });
    },
    broken: {},
  },
  {
    title: 'credited after it was paid: amount_due stays 0 (the excess is to refund)',
    change: (w) => {
      one(w).payments = [{ id: 'pay_one', amount: '95.00', reference: 'Chaos k2', applies: true }];
      w.money[1]!.amount = 95;
      one(w).invoice_status = 'paid';
      Object.assign(api(w), {
        invoice: { ...api(w).invoice, invoice_status: 'paid', amount_paid: 95, amount_due: 0 },
        payments: [95],
      });
    },
    broken: {},
  },
  {
    title: 'amount_due a cent off through the API',
    change: (w) => {
      api(w).invoice.amount_due = 70.01;
    },
    broken: { 'amount_due ≠': 1 },
  },
  {
    title: 'amount_credited through the API not the stored notes',
    change: (w) => {
      Object.assign(api(w).invoice, { amount_credited: 20, amount_due: 60 });
    },
    broken: { 'balance ≠': 1 },
  },
  {
    title: 'a payment the API does not list',
    change: (w) => {
      api(w).payments = [];
    },
    broken: { 'balance ≠': 1 },
  },
  {
    title: 'a payment stored twice for one key, counted twice',
    change: (w) => {
      one(w).payments!.push({ id: 'pay_two', amount: '20.00', reference: 'Chaos k2', applies: true });
      w.events.push(
        event('evt_5', 'invoice.payment_recorded', { object: { id: 'inv_one' }, payment: { id: 'pay_two' } }),
      );
      w.optIn.push({ id: 'evt_5', type: 'invoice.payment_recorded' });
      Object.assign(api(w), { invoice: { ...api(w).invoice, amount_paid: 40, amount_due: 50 }, payments: [20, 20] });
    },
    broken: { 'credit notes and payments made twice': 1 },
  },
  {
    title: 'a refused payment that was stored',
    change: (w) => {
      one(w).payments!.push({ id: 'pay_late', amount: '80.01', reference: 'Chaos k4', applies: true });
    },
    // Its own check, and the balance the API shows no longer adds up, and it has no event.
    broken: { 'refused credit notes': 1, 'balance ≠': 1, 'credit notes and recorded payments without': 1 },
  },
  {
    title: 'a note past the balance answered 200',
    change: (w) => {
      w.money[3] = {
        ...w.money[3]!,
        kind: 'credit note',
        status: 200,
        id: 'cn_one',
        number: `CN-${ws}-202611-1`,
        amount: 10,
        marker: 'Chaos k1',
      };
    },
    broken: { 'refused credit notes': 1, 'credit notes and payments made twice': 0 },
  },
  {
    title: 'a 200 whose credit note is not stored',
    change: (w) => {
      w.money[0]!.id = 'cn_other';
    },
    broken: { 'lost credit notes': 1 },
  },
  {
    title: 'a credit note number skipped',
    change: (w) => {
      w.invoices[1]!.credit_notes![0]!.credit_note_number = `CN-${ws}-202611-3`;
      w.money[2]!.number = `CN-${ws}-202611-3`;
    },
    broken: { 'credit note number': 1 },
  },
  {
    title: 'a credit note number given twice',
    change: (w) => {
      w.invoices[1]!.credit_notes![0]!.credit_note_number = `CN-${ws}-202611-1`;
      w.money[2]!.number = `CN-${ws}-202611-1`;
    },
    broken: { 'credit note number': 1 },
  },
  {
    title: 'a credit note number left free',
    change: (w) => {
      w.counters[0]!.free = [3];
    },
    broken: { 'credit note number': 1 },
  },
  {
    title: 'notes past the amount',
    change: (w) => {
      one(w).credit_notes!.push({
        id: 'cn_x',
        credit_note_number: `CN-${ws}-202611-3`,
        reason: 'Chaos kx',
        amount: '95.00',
      });
      w.events.push(event('evt_6', 'credit_note.created', { object: { id: 'cn_x' }, invoice: { id: 'inv_one' } }));
      w.optIn.push({ id: 'evt_6', type: 'credit_note.created' });
      Object.assign(api(w), {
        invoice: { ...api(w).invoice, amount_credited: 105, amount_due: 0, invoice_status: 'cancelled' },
        creditNotes: [10, 95],
      });
      one(w).invoice_status = 'cancelled';
    },
    broken: { 'invoices credited past': 1, 'amount_due ≠': 1 },
  },
  {
    title: 'left unpaid with nothing due',
    change: (w) => {
      one(w).payments = [{ id: 'pay_one', amount: '90.00', reference: 'Chaos k2', applies: true }];
      w.money[1]!.amount = 90;
      Object.assign(api(w), { invoice: { ...api(w).invoice, amount_paid: 90, amount_due: 0 }, payments: [90] });
    },
    broken: { 'invoices left unpaid': 1 },
  },
  {
    title: 'an opt-in event delivered to the endpoint registered for the spec events',
    change: (w) => {
      w.spec.push({ id: 'evt_1', type: 'credit_note.created' });
    },
    broken: { 'opt-in events': 1 },
  },
  {
    title: 'an opt-in event never delivered',
    change: (w) => {
      w.optIn.pop();
    },
    broken: { 'opt-in events': 1 },
  },
  {
    title: 'a credit note without its event',
    change: (w) => {
      w.events.pop();
      w.optIn.pop();
    },
    broken: { 'credit notes and recorded payments without': 1 },
  },
  {
    title: 'an invoice the API does not find',
    change: (w) => {
      w.api.delete('inv_two');
    },
    broken: { 'amount_due ≠': 1 },
  },
];

for (const c of cases) {
  test(`chaos money checks: ${c.title}`, async (t) => {
    const w = world();
    c.change(w);
    const checks = await checksOf(w);
    t.is(checks.length, 10);
    for (const check of checks) {
      const expected = Object.entries(c.broken).find(([start]) => check.name.startsWith(start))?.[1] ?? 0;
      t.is(check.broken, expected, `${check.name}: ${check.examples.join('; ')}`);
      t.true(check.of > 0, `${check.name} checked something`);
    }
  });
}
