import { formatMinor, minorUnits, toDecimalString } from '@invoice-platform/common/invoice-money';
import { exactMinorUnits } from '@invoice-platform/common/money';
import type { FakeProvider } from '@invoice-platform/sandbox/types';
import type { ApiClient } from '../support/platform.ts';
import type { Rng } from '../support/rng.ts';
import type { Figures } from './figures.ts';

/**
 * The load of a chaos run, as careful clients make it (issue 18): every generate carries an
 * Idempotency-Key and is retried with the same key on 409, 429, 5xx, network errors and timeouts,
 * with backoff; reads, status moves, archives and forced PDFs go on beside it, and credit notes
 * and payments recorded by hand (issue 30), each with its own key, retried the same way; a payment
 * loop pays invoices at the (fake) provider and has its notifications delivered, replayed too; the recurring
 * clock steps forward so series make follow-ups. Everything the clients were told is kept for the
 * reconciliation.
 */

export interface Generated {
  workspaceId: string;
  key: string;
  /** The customer name, unique per key: a duplicate invoice shows up under it whatever its key. */
  marker: string;
  /** What the 200 said, when one came. */
  id?: string;
  invoiceNumber?: string;
  /** The series a recurring generate started (its `recurring.schedule_id`). */
  seriesId?: string;
  attempts: number;
}

export interface Paid {
  invoiceId: string;
  /** Payments made at the provider for it (each one real money). */
  payments: number;
}

/**
 * A credit note or a recorded payment a client asked for (docs/money-trail.md), with what it was
 * told: the reconciliation finds it in the invoice by its marker whatever its key or answer.
 */
export interface MoneyCall {
  kind: 'credit note' | 'payment';
  workspaceId: string;
  invoiceId: string;
  key: string;
  /** The note's reason or the payment's reference, unique per key. */
  marker: string;
  /** What the client meant: a partial note or payment, a closing one (all that is left), or one past the balance. */
  intent: 'partial' | 'closing' | 'over';
  /** The last answer's status (0: none before the client gave up). */
  status: number;
  /** What the 200 said, when one came. */
  id?: string;
  number?: string;
  amount?: number;
  attempts: number;
}

/** What a retried call ended in: its last status (0: no answer) and whether it was final. */
interface Outcome {
  status: number;
  body: unknown;
}

/** The balance fields of the API's invoice object (docs/money-trail.md). */
export interface ApiBalance {
  currency: string;
  amount: number;
  amount_credited: number;
  amount_paid: number;
  amount_due: number;
  invoice_status: string;
}

/** An amount of the API (a JSON number) as exact minor units of its currency. */
export function units(value: number, currency: string): bigint {
  const n = exactMinorUnits(toDecimalString(value), currency);
  if (n === null) throw new RangeError(`not an amount in ${currency}: ${value}`);
  return n;
}

const retryable = (status: number) => status === 0 || status === 409 || status === 429 || status >= 500;

export interface ClientsOptions {
  rng: Rng;
  figures: Figures;
  /** A run-unique prefix of Idempotency-Keys and markers. */
  runTag: string;
  /** How long one call keeps retrying before its client gives up. */
  giveUpMs: number;
}

export class Clients {
  readonly generated: Generated[] = [];
  readonly paid: Paid[] = [];
  readonly money: MoneyCall[] = [];
  private readonly opts: ClientsOptions;
  private stopping = false;
  private serial = 0;

  constructor(opts: ClientsOptions) {
    this.opts = opts;
  }

  /** Stops starting new work; calls in flight go on retrying until answered or given up. */
  stop(): void {
    this.stopping = true;
  }

  get running(): boolean {
    return !this.stopping;
  }

  private async pause(attempt: number): Promise<void> {
    const base = Math.min(250 * 2 ** attempt, 4000);
    await new Promise((r) => setTimeout(r, base / 2 + this.opts.rng.next() * base));
  }

  /** One HTTP call, bounded: a hung peer is a timeout (status 0) to the client, as it would be in life. */
  private async send(operation: string, url: string, init: RequestInit & { timeoutMs?: number }): Promise<Outcome> {
    let status = 0;
    let body: unknown = undefined;
    try {
      const res = await fetch(url, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(init.timeoutMs ?? 40_000),
      });
      status = res.status;
      const text = await res.text();
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    } catch {
      status = 0;
    }
    this.opts.figures.answer(operation, status, body);
    return { status, body };
  }

  /** Retries while the answer is retryable, until `giveUpMs` has passed; the last outcome. */
  private async retried(operation: string, call: () => Promise<Outcome>): Promise<Outcome & { attempts: number }> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      const out = await call();
      if (!retryable(out.status) || Date.now() - started > this.opts.giveUpMs) return { ...out, attempts: attempt + 1 };
      await this.pause(attempt);
    }
  }

  private apiCall(api: ApiClient, operation: string, method: string, path: string, body?: unknown, headers = {}) {
    return this.send(operation, `${api.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${api.key}`,
        'x-forwarded-for': api.ip,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** A generate with its own Idempotency-Key, retried with it until answered. */
  async generate(api: ApiClient, extra: Record<string, unknown> = {}): Promise<Generated> {
    const key = `${this.opts.runTag}-${++this.serial}`;
    const record: Generated = { workspaceId: api.workspaceId, key, marker: `Chaos ${key}`, attempts: 0 };
    this.generated.push(record);
    const startedAt = this.opts.figures.elapsed();
    // One body for every attempt: a retry with the key sends the same request, as a careful client does.
    const body = {
      customer_name: record.marker,
      customer_email: `chaos+${key.toLowerCase()}@example.test`,
      items: [
        { description: 'Chaos work', quantity: 1 + this.opts.rng.int(3), price: 10000 + this.opts.rng.int(90000) },
      ],
      ...extra,
    };
    const out = await this.retried('generate', () =>
      this.apiCall(api, 'generate', 'POST', '/api/invoices/generate-external', body, { 'idempotency-key': key }),
    );
    record.attempts = out.attempts;
    if (out.status === 200) {
      const data = (
        out.body as { data: { id: string; invoice_number: string; recurring?: { schedule_id?: string } | null } }
      ).data;
      record.id = data.id;
      record.invoiceNumber = data.invoice_number;
      if (data.recurring?.schedule_id) record.seriesId = data.recurring.schedule_id;
      const answeredAt = this.opts.figures.elapsed();
      this.opts.figures.generateMs.push(answeredAt - startedAt);
      this.opts.figures.generateSucceeded(startedAt, answeredAt, out.attempts);
    } else if (retryable(out.status)) this.opts.figures.unanswered++;
    return record;
  }

  /** The invoices of a workspace this run was told about. */
  private known(api: ApiClient): Generated[] {
    return this.generated.filter((g) => g.workspaceId === api.workspaceId && g.id);
  }

  private readonly moved = new Set<string>();

  /** One of the other operations a client makes on its invoices, picked at random. */
  async other(api: ApiClient): Promise<void> {
    const { rng } = this.opts;
    const known = this.known(api);
    const invoice = known.length > 0 ? rng.pick(known) : undefined;
    const roll = rng.next();
    if (roll < 0.25 || !invoice) {
      await this.apiCall(api, 'list', 'GET', `/api/invoices/external?pageSize=${10 + rng.int(40)}`);
      return;
    }
    if (roll < 0.45) {
      await this.apiCall(api, 'get', 'GET', `/api/invoices/external/${invoice.id}`);
      return;
    }
    if (roll < 0.6) {
      await this.creditNote(api, invoice.id!);
      return;
    }
    if (roll < 0.75) {
      await this.recordPayment(api, invoice.id!);
      return;
    }
    if (roll < 0.85 && !this.moved.has(invoice.id!)) {
      // One move per invoice, from unpaid, each with a public event: the last status a webhook
      // delivered must then equal the invoice's (a move back to unpaid sends none).
      this.moved.add(invoice.id!);
      const status = rng.pick(['paid', 'cancelled', 'overdue']);
      await this.retried('status', () =>
        this.apiCall(api, 'status', 'PUT', `/api/invoices/external/${invoice.id}/status`, { status }),
      );
      return;
    }
    if (roll < 0.93) {
      await this.retried('archive', () =>
        this.apiCall(api, 'archive', 'PUT', `/api/invoices/external/${invoice.id}/archive`, { is_archived: true }),
      );
      return;
    }
    await this.retried('pdf', () =>
      this.apiCall(api, 'pdf', 'POST', `/api/invoices/external/${invoice.id}/pdf`, { force: true }),
    );
  }

  /** The invoice's balance as the API shows it now (a careful client reads before it corrects or records). */
  private async balance(api: ApiClient, invoiceId: string): Promise<ApiBalance | undefined> {
    const read = await this.apiCall(api, 'get', 'GET', `/api/invoices/external/${invoiceId}`);
    if (read.status !== 200) return undefined;
    const data = (read.body as { data: ApiBalance }).data;
    return typeof data.amount_due === 'number' ? data : undefined;
  }

  /** A credit note or a payment, with its own key and marker, retried with them until answered. */
  private async moneyCall(
    api: ApiClient,
    call: Omit<MoneyCall, 'workspaceId' | 'key' | 'marker' | 'status' | 'attempts'>,
    body: (marker: string) => Record<string, unknown>,
  ): Promise<MoneyCall> {
    const key = `${this.opts.runTag}-${++this.serial}`;
    const record: MoneyCall = {
      ...call,
      workspaceId: api.workspaceId,
      key,
      marker: `Chaos ${key}`,
      status: 0,
      attempts: 0,
    };
    this.money.push(record);
    const [operation, path] =
      call.kind === 'credit note'
        ? [`credit note (${call.intent})`, 'credit-notes']
        : [`payment (${call.intent})`, 'payments'];
    const sent = body(record.marker);
    const out = await this.retried(operation, () =>
      this.apiCall(api, operation, 'POST', `/api/invoices/external/${call.invoiceId}/${path}`, sent, {
        'idempotency-key': key,
      }),
    );
    record.status = out.status;
    record.attempts = out.attempts;
    if (out.status === 200) {
      const data = (out.body as { data: { id: string; credit_note_number?: string; amount: number } }).data;
      record.id = data.id;
      record.number = data.credit_note_number;
      record.amount = data.amount;
    }
    return record;
  }

  /**
   * A credit note, as a business correcting an invoice makes one: it reads what is still
   * creditable, then credits a part of it (one line), all of it (no items: the closing note), or
   * now and then more than is left (a refusal, which must use no credit and write nothing).
   */
  async creditNote(api: ApiClient, invoiceId: string, only?: 'closing'): Promise<void> {
    const { rng } = this.opts;
    const inv = await this.balance(api, invoiceId);
    if (!inv || inv.invoice_status === 'cancelled') return;
    const digits = minorUnits(inv.currency);
    const creditable = units(inv.amount, inv.currency) - units(inv.amount_credited, inv.currency);
    if (creditable <= 0n) return;
    const roll = rng.next();
    const intent = only ?? (roll < 0.1 ? 'over' : roll < 0.4 || creditable < 3n ? 'closing' : 'partial');
    // A line with no tax of its own: the invoices of the run have none, so its price is what it credits.
    const price = intent === 'over' ? creditable + 1n : 1n + BigInt(Math.floor(rng.next() * Number(creditable / 3n)));
    await this.moneyCall(api, { kind: 'credit note', invoiceId, intent }, (marker) => ({
      reason: marker,
      ...(intent === 'closing'
        ? {}
        : { items: [{ description: 'Chaos correction', quantity: 1, price: Number(formatMinor(price, digits)) }] }),
    }));
  }

  /**
   * A payment received outside the platform (a bank transfer, cash…): a part of what is due, all
   * of it, or now and then more than is due (a refusal that writes nothing).
   */
  async recordPayment(api: ApiClient, invoiceId: string): Promise<void> {
    const { rng } = this.opts;
    const inv = await this.balance(api, invoiceId);
    if (!inv || inv.invoice_status === 'cancelled' || inv.invoice_status === 'paid') return;
    const digits = minorUnits(inv.currency);
    const due = units(inv.amount_due, inv.currency);
    if (due <= 0n) return;
    const roll = rng.next();
    const intent = roll < 0.1 ? 'over' : roll < 0.3 || due < 2n ? 'closing' : 'partial';
    const amount =
      intent === 'over'
        ? due + 1n
        : intent === 'closing'
          ? due
          : 1n + BigInt(Math.floor(rng.next() * Number(due / 2n)));
    const method = rng.pick(['bank_transfer', 'cash', 'card', 'other', undefined]);
    // Fixed once: every retry with the key sends the same body.
    const paidAt = rng.chance(0.5) ? new Date(Date.now() - rng.int(86_400_000)).toISOString() : undefined;
    await this.moneyCall(api, { kind: 'payment', invoiceId, intent }, (marker) => ({
      amount: Number(formatMinor(amount, digits)),
      reference: marker,
      ...(method ? { method } : {}),
      ...(paidAt ? { paid_at: paidAt } : {}),
    }));
  }

  /** One client's loop: generates and other operations until stopped. */
  async loop(apis: ApiClient[]): Promise<void> {
    while (this.running) {
      const api = this.opts.rng.pick(apis);
      if (this.opts.rng.chance(0.5)) await this.generate(api);
      else await this.other(api);
    }
  }

  /**
   * The payment loop: an invoice with the provider as its gateway, the customer's Pay (303 to the
   * provider), a payment at the provider, and its notification delivered until the platform
   * acknowledges it, then replayed.
   */
  async payLoop(api: ApiClient, fake: FakeProvider, gatewayUrl: () => string, currency: string): Promise<void> {
    while (this.running) {
      const invoice = await this.generate(api, { payment_gateway: fake.provider, currency });
      if (!invoice.id) continue;
      const pay = await this.retried('pay', () =>
        this.send('pay', `${gatewayUrl()}/p/invoice/${invoice.id}/pay`, {
          method: 'POST',
          headers: { 'x-forwarded-for': api.ip },
        }),
      );
      const checkout = fake.checkoutFor(invoice.id);
      if (pay.status !== 303 || !checkout) continue;
      const notification = await fake.pay(checkout.id);
      const paid: Paid = { invoiceId: invoice.id, payments: 1 };
      this.paid.push(paid);
      const deliver = async (): Promise<Outcome> => {
        try {
          const res = await fake.deliver(notification);
          this.opts.figures.answer('notify', res.status, res.body);
          return { status: res.status, body: res.body };
        } catch {
          this.opts.figures.answer('notify', 0);
          return { status: 0, body: undefined };
        }
      };
      // The provider retries until it gets a 2xx; then the same notification once or twice more.
      await this.retried('notify', deliver);
      for (let i = this.opts.rng.int(3); i > 0; i--) await deliver();
    }
  }
}
