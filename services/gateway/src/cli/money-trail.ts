import { readJsonFile } from './json-file.ts';

/**
 * invoicectl credit-note … and payment …: an invoice's credit notes and recorded payments over the
 * admin API (docs/money-trail.md). Wired into cli/main.ts, which owns argument parsing, the HTTP
 * request and output; the admin API validates each value and names the field to fix.
 */

type Data = Record<string, unknown>;

export const creditNoteUsage = `  credit-note create WORKSPACE INVOICE_ID --file body.json [--idempotency-key KEY]
                                                  (body {reason, items?}: without items, the whole amount
                                                  still creditable; uses 1 credit, numbered CN-…)
  credit-note list WORKSPACE INVOICE_ID
  credit-note get WORKSPACE CREDIT_NOTE_ID`;

export const paymentRecordUsage = `  payment record WORKSPACE INVOICE_ID --amount A [--method bank_transfer|cash|card|other]
                 [--reference R] [--paid-at T] [--idempotency-key KEY]
                                                  (a payment received outside the platform, at most
                                                  amount_due; T is RFC 3339, default now)
  payment list WORKSPACE INVOICE_ID                (recorded and online payments, oldest first)`;

/** parseArgs options these commands add (--file and --idempotency-key are the invoice commands'). */
export const moneyTrailOptions = {
  amount: { type: 'string' },
  method: { type: 'string' },
  reference: { type: 'string' },
  'paid-at': { type: 'string' },
} as const;

export interface MoneyTrailCliContext {
  group: 'credit-note' | 'payment';
  action: string | undefined;
  flags: Record<string, string | boolean | string[] | undefined>;
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Data>;
  need(index: number, what: string): string;
  table(rows: Data[], columns: string[]): string;
  fail(message: string): never;
}

const creditNoteColumns = ['id', 'credit_note_number', 'invoice_number', 'amount', 'currency', 'reason', 'created_at'];
const paymentColumns = ['id', 'amount', 'method', 'reference', 'paid_at'];

/** A decimal amount as typed (100, 100.5, 0.25): sent as the JSON number the API takes. */
const AMOUNT = /^\d{1,12}(\.\d{1,3})?$/;

function fields(data: Data, keys: string[]): string {
  const width = Math.max(...keys.map((k) => k.length));
  return keys.map((k) => `${k.padEnd(width)}  ${data[k] ?? ''}`).join('\n');
}

export async function runMoneyTrailCommand(ctx: MoneyTrailCliContext): Promise<{ data: Data; text: string }> {
  const { flags, request, need, table, fail } = ctx;
  const flag = (name: string) => (typeof flags[name] === 'string' ? (flags[name] as string) : undefined);
  const ws = () => encodeURIComponent(need(2, 'WORKSPACE'));
  const invoicePath = () => `/workspaces/${ws()}/invoices/${encodeURIComponent(need(3, 'INVOICE_ID'))}`;
  const keyHeader = (): Record<string, string> => {
    const key = flag('idempotency-key');
    return key === undefined ? {} : { 'idempotency-key': key };
  };
  switch (`${ctx.group} ${ctx.action}`) {
    case 'credit-note create': {
      const path = `${invoicePath()}/credit-notes`;
      const body = await readJsonFile(flag('file'), fail);
      const data = await request('POST', path, body, keyHeader());
      return {
        data,
        text: `Issued credit note ${data.credit_note_number}\n${fields(data, ['id', 'invoice_number', 'amount', 'currency', 'reason', 'pdf_url'])}`,
      };
    }
    case 'credit-note list': {
      const data = await request('GET', `${invoicePath()}/credit-notes`);
      return { data, text: table((data.credit_notes as Data[]) ?? [], creditNoteColumns) };
    }
    case 'credit-note get': {
      const data = await request(
        'GET',
        `/workspaces/${ws()}/credit-notes/${encodeURIComponent(need(3, 'CREDIT_NOTE_ID'))}`,
      );
      return {
        data,
        text: fields(data, [...creditNoteColumns.slice(0, 2), 'invoice_id', ...creditNoteColumns.slice(2), 'pdf_url']),
      };
    }
    case 'payment record': {
      const path = `${invoicePath()}/payments`;
      const amount = flag('amount');
      if (amount === undefined) return fail('payment record needs --amount, e.g. --amount 150.00.');
      if (!AMOUNT.test(amount))
        return fail(`--amount must be a positive decimal number such as 150 or 150.25, not ${amount}.`);
      const body: Data = { amount: Number(amount) };
      for (const [option, field] of [
        ['method', 'method'],
        ['reference', 'reference'],
        ['paid-at', 'paid_at'],
      ] as const) {
        const value = flag(option);
        if (value !== undefined) body[field] = value;
      }
      const data = await request('POST', path, body, keyHeader());
      return { data, text: `Recorded payment ${data.id}\n${fields(data, paymentColumns.slice(1))}` };
    }
    case 'payment list': {
      const data = await request('GET', `${invoicePath()}/payments`);
      return { data, text: table((data.payments as Data[]) ?? [], paymentColumns) };
    }
    default:
      return fail(
        `Unknown ${ctx.group} command.\n\n${ctx.group === 'credit-note' ? creditNoteUsage : paymentRecordUsage}`,
      );
  }
}
