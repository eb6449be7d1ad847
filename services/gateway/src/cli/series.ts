import { readJsonFile } from './json-file.ts';

/**
 * invoicectl series …: the dashboard's "edit series" and "delete series" over the admin API.
 * Wired into cli/main.ts, which owns argument parsing, the HTTP request and output.
 */

type Data = Record<string, unknown>;

export const seriesUsage = `  series get WORKSPACE SERIES_ID                  (status, and why it was paused: paused_reason, paused_message)
  series edit WORKSPACE SERIES_ID --file content.json
                                                  (the content of the follow-ups not generated yet: any of
                                                  customer_name, customer_email, items, currency, tax_rate,
                                                  discount_total, notes, document_language, as in a generate;
                                                  invoices already generated do not change)
  series delete WORKSPACE SERIES_ID               (no more follow-ups; generated invoices stay; idempotent)`;

/** parseArgs options the series commands add. */
export const seriesOptions = {
  file: { type: 'string' },
} as const;

export interface SeriesCliContext {
  action: string | undefined;
  flags: Record<string, string | boolean | string[] | undefined>;
  request(method: string, path: string, body?: unknown): Promise<Data>;
  need(index: number, what: string): string;
  table(rows: Data[], columns: string[]): string;
  fail(message: string): never;
}

const contentColumns = ['description', 'quantity', 'price', 'discount', 'unit', 'tax_rate'];

export async function runSeriesCommand(ctx: SeriesCliContext): Promise<{ data: Data; text: string }> {
  const { flags, request, need, table, fail } = ctx;
  const path = () =>
    `/workspaces/${encodeURIComponent(need(2, 'WORKSPACE'))}/recurring/${encodeURIComponent(need(3, 'SERIES_ID'))}`;
  switch (ctx.action) {
    case 'get': {
      const data = await request('GET', path());
      const text = [
        `series             ${data.id} (${data.frequency}, ${data.generated_count} generated, ${data.remaining_count} left)`,
        `status             ${data.status}`,
        `paused_reason      ${data.paused_reason ?? ''}`,
        `paused_message     ${data.paused_message ?? ''}`,
        `customer           ${data.customer_name} <${data.customer_email}>`,
        `amount             ${data.amount} ${data.currency}`,
        `next_run_date      ${data.next_run_date ?? ''}`,
        '',
        table((data.occurrences as Data[]) ?? [], ['date', 'status', 'invoice_id']),
      ].join('\n');
      return { data, text };
    }
    case 'edit': {
      const target = path();
      const body = await readJsonFile(typeof flags.file === 'string' ? flags.file : undefined, fail);
      const data = await request('PATCH', target, body);
      const content = (data.content ?? {}) as Data;
      const text = [
        `Edited series ${data.id}: the follow-ups not generated yet (${data.remaining_count} left) carry this content;`,
        'invoices already generated are unchanged.',
        '',
        `customer           ${content.customer_name} <${content.customer_email}>`,
        `amount             ${data.amount} ${data.currency} (tax rate ${content.tax_rate}, discount ${content.discount_total})`,
        `document_language  ${content.document_language}`,
        `notes              ${content.notes ?? ''}`,
        '',
        table((content.items as Data[]) ?? [], contentColumns),
      ].join('\n');
      return { data, text };
    }
    case 'delete': {
      const data = await request('DELETE', path());
      const invoices = (data.invoices as Data[]) ?? [];
      return {
        data,
        text: `Deleted series ${data.id} at ${data.deleted_at}: no further follow-ups. Its ${invoices.length} generated invoices stay:\n${table(invoices, ['id', 'invoice_number', 'date'])}`,
      };
    }
    default:
      return fail(`Unknown series command.\n\n${seriesUsage}`);
  }
}
