import { readJsonFile } from './json-file.ts';

/**
 * invoicectl invoice …: the dashboard's invoices over the admin API: list, view and manual create.
 * Wired into cli/main.ts, which owns argument parsing, the HTTP request and output.
 */

type Data = Record<string, unknown>;

export const invoiceUsage = `  invoice list WORKSPACE [--status unpaid|paid|overdue|cancelled] [--archived] [--page N] [--page-size N]
  invoice get WORKSPACE INVOICE_ID                (the invoice as the public API shows it, and its source)
  invoice create WORKSPACE --file invoice.json [--idempotency-key KEY]
                                                  (a manual invoice: the generate body, same credits and numbering)`;

/** parseArgs options the invoice commands add. */
export const invoiceOptions = {
  status: { type: 'string' },
  page: { type: 'string' },
  'page-size': { type: 'string' },
  archived: { type: 'boolean' },
  file: { type: 'string' },
  'idempotency-key': { type: 'string' },
} as const;

export interface InvoiceCliContext {
  action: string | undefined;
  flags: Record<string, string | boolean | string[] | undefined>;
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Data>;
  need(index: number, what: string): string;
  table(rows: Data[], columns: string[]): string;
  fail(message: string): never;
}

const summaryColumns = [
  'id',
  'invoice_number',
  'invoice_status',
  'customer_name',
  'currency',
  'amount',
  'due_date',
  'is_recurring',
  'is_archived',
  'source',
  'created_at',
];

export async function runInvoiceCommand(ctx: InvoiceCliContext): Promise<{ data: Data; text: string }> {
  const { flags, request, need, table, fail } = ctx;
  const base = () => `/workspaces/${encodeURIComponent(need(2, 'WORKSPACE'))}/invoices`;
  const flag = (name: string) => (typeof flags[name] === 'string' ? (flags[name] as string) : undefined);
  switch (ctx.action) {
    case 'list': {
      // Passed as given: the admin API validates them and names what to fix.
      const query = new URLSearchParams();
      const status = flag('status');
      const page = flag('page');
      const pageSize = flag('page-size');
      if (status !== undefined) query.set('status', status);
      if (page !== undefined) query.set('page', page);
      if (pageSize !== undefined) query.set('pageSize', pageSize);
      if (flags.archived === true) query.set('archived', 'true');
      const qs = query.size > 0 ? `?${query}` : '';
      const data = await request('GET', `${base()}${qs}`);
      const meta = (data.meta ?? {}) as Data;
      const rows = (data.invoices as Data[]) ?? [];
      return {
        data,
        text: `${table(rows, summaryColumns)}\n\nPage ${meta.page} (${rows.length} shown, ${meta.total} in all, ${meta.pageSize} a page)`,
      };
    }
    case 'get': {
      const data = await request('GET', `${base()}/${encodeURIComponent(need(3, 'INVOICE_ID'))}`);
      const width = Math.max(...Object.keys(data).map((k) => k.length));
      const text = Object.entries(data)
        .map(([k, v]) => `${k.padEnd(width)}  ${v ?? ''}`)
        .join('\n');
      return { data, text };
    }
    case 'create': {
      const body = await readJsonFile(flag('file'), fail);
      const key = flag('idempotency-key');
      const data = await request('POST', base(), body, key === undefined ? {} : { 'idempotency-key': key });
      const text = ['id', 'invoice_number', 'pdf_url', 'credits_remaining']
        .map((k) => `${k.padEnd(17)}  ${data[k] ?? (k === 'credits_remaining' ? 'unlimited' : '')}`)
        .join('\n');
      return { data, text };
    }
    default:
      return fail(`Unknown invoice command.\n\n${invoiceUsage}`);
  }
}
