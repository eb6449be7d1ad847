import { readFile } from 'node:fs/promises';

/**
 * invoicectl gateway … and payment-account …: the dashboard's payment settings over the admin API.
 * Wired into cli/main.ts, which owns argument parsing, the HTTP request and output. Credentials
 * go in and are never printed: the API answers with the names of the fields set, and so do we.
 */

type Data = Record<string, unknown>;

export const paymentUsage = `  gateway connect WORKSPACE PROVIDER --mode sandbox|live [--set FIELD=VALUE ...] [--credentials FILE|-]
                                                  (connects, or replaces the credentials of a connected provider;
                                                  FILE is a JSON object of fields, - reads it from stdin, --set
                                                  adds or overrides one field; prefer FILE or stdin for secrets,
                                                  since other users can see command lines; --mode is required,
                                                  replacing too; under NODE_ENV=production sandbox only in a
                                                  test workspace)
  gateway disconnect WORKSPACE PROVIDER
  gateway list WORKSPACE                          (fields set, never their values)
  payment-account create WORKSPACE [--label L] [--bank B] [--account-name N] [--account-number N]
  payment-account list WORKSPACE`;

/** parseArgs options the payment commands add. */
export const paymentOptions = {
  mode: { type: 'string' },
  set: { type: 'string', multiple: true },
  credentials: { type: 'string' },
  label: { type: 'string' },
  bank: { type: 'string' },
  'account-name': { type: 'string' },
  'account-number': { type: 'string' },
} as const;

export interface PaymentCliContext {
  group: 'gateway' | 'payment-account';
  action: string | undefined;
  flags: Record<string, string | boolean | string[] | undefined>;
  request(method: string, path: string, body?: unknown): Promise<Data>;
  need(index: number, what: string): string;
  table(rows: Data[], columns: string[]): string;
  fail(message: string): never;
  /** All of standard input as text (for --credentials -). */
  readStdin(): Promise<string>;
}

const gatewayColumns = ['provider', 'mode', 'credential_fields', 'connected_at', 'updated_at'];

/**
 * The credentials of a connect: the JSON object of --credentials (a file, or stdin for -), then
 * each --set on top. Values are not checked here beyond being text: accounts names every missing,
 * empty or unknown field.
 */
async function credentialsFrom(ctx: PaymentCliContext): Promise<Record<string, string>> {
  const credentials: Record<string, string> = {};
  const source = ctx.flags.credentials;
  if (typeof source === 'string') {
    let text: string;
    try {
      text = source === '-' ? await ctx.readStdin() : await readFile(source, 'utf8');
    } catch (err) {
      return ctx.fail(`Cannot read ${source}: ${(err as Error).message}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // The parser's message quotes the text, which holds secrets.
      return ctx.fail(`${source === '-' ? 'Standard input' : source} is not valid JSON.`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return ctx.fail('The credentials must be a JSON object of field names to text values.');
    for (const [name, value] of Object.entries(parsed)) {
      if (typeof value !== 'string') return ctx.fail(`Credential field ${name} must be text.`);
      credentials[name] = value;
    }
  }
  const sets = Array.isArray(ctx.flags.set) ? ctx.flags.set : [];
  for (const pair of sets) {
    const at = String(pair).indexOf('=');
    // Without "=" the argument may be a secret pasted alone: it is not repeated.
    if (at <= 0) return ctx.fail('--set takes FIELD=VALUE.');
    credentials[String(pair).slice(0, at)] = String(pair).slice(at + 1);
  }
  return credentials;
}

export async function runPaymentCommand(ctx: PaymentCliContext): Promise<{ data: Data; text: string }> {
  const { request, need, table, fail } = ctx;
  const ws = () => encodeURIComponent(need(2, 'WORKSPACE'));
  const flag = (name: string) => (typeof ctx.flags[name] === 'string' ? (ctx.flags[name] as string) : undefined);
  switch (`${ctx.group} ${ctx.action}`) {
    case 'gateway connect': {
      const path = `/workspaces/${ws()}/payment-gateways`;
      const provider = need(3, 'PROVIDER');
      const credentials = await credentialsFrom(ctx);
      const data = await request('POST', path, { provider, mode: flag('mode'), credentials });
      const fields = ((data.credential_fields as string[]) ?? []).join(', ');
      return { data, text: `Connected ${data.provider} (${data.mode}); credentials set: ${fields}` };
    }
    case 'gateway disconnect': {
      const path = `/workspaces/${ws()}/payment-gateways/${encodeURIComponent(need(3, 'PROVIDER'))}`;
      const data = await request('DELETE', path);
      return { data, text: `Disconnected ${data.provider}; its credentials are deleted.` };
    }
    case 'gateway list': {
      const data = await request('GET', `/workspaces/${ws()}/payment-gateways`);
      return { data, text: table((data.gateways as Data[]) ?? [], gatewayColumns) };
    }
    case 'payment-account create': {
      const data = await request('POST', `/workspaces/${ws()}/payment-accounts`, {
        label: flag('label'),
        bank_name: flag('bank'),
        account_name: flag('account-name'),
        account_number: flag('account-number'),
      });
      return { data, text: `Created payment account ${data.id}` };
    }
    case 'payment-account list': {
      const data = await request('GET', `/workspaces/${ws()}/payment-accounts`);
      return {
        data,
        text: table((data.accounts as Data[]) ?? [], ['id', 'label', 'bank_name', 'account_name', 'created_at']),
      };
    }
    default:
      return fail(`Unknown ${ctx.group} command.\n\n${paymentUsage}`);
  }
}
