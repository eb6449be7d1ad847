#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { archiveOptions, archiveUsage, runArchiveCommand } from './archive.ts';
import { loadCliConfig } from './config.ts';
import { readJsonFile } from './json-file.ts';
import { invoiceOptions, invoiceUsage, runInvoiceCommand } from './invoices.ts';
import { creditNoteUsage, moneyTrailOptions, paymentRecordUsage, runMoneyTrailCommand } from './money-trail.ts';
import { paymentOptions, paymentUsage, runPaymentCommand } from './payments.ts';
import { runSeriesCommand, seriesOptions, seriesUsage } from './series.ts';
import { runTemplateCommand, templateOptions, templateUsage } from './templates.ts';
import { runWebhookCommand, webhookOptions, webhookUsage } from './webhooks.ts';

/**
 * invoicectl: the dashboard's operations from a terminal, over the gateway's admin API.
 * Human-readable output by default; --json prints the API's data for scripts.
 */
const usage = `usage: invoicectl [--url URL] [--token TOKEN] [--json] <command>

  workspace create --name NAME [--plan PLAN] [--tz ZONE] [--owner-email EMAIL] [--test-mode]
                                                  (--test-mode: a test workspace, docs/payments.md "Test mode")
  workspace list
  workspace get WORKSPACE
  workspace set-plan WORKSPACE [--plan PLAN] [--state active|suspended|expired]
  workspace set-features WORKSPACE FEATURE,...     (features: api, recurring; "" for none)
  workspace set-profile WORKSPACE --file profile.json [--force]
                                                  (the legal profile its e-invoices name as seller, replaced
                                                  as a whole: legal_name, trading_name, vat_id,
                                                  tax_registration_id, address, electronic_address, contact,
                                                  e_invoice_payment_link: true puts the public page link in
                                                  the e-invoice's payment terms, BT-20; default false)
  workspace clear-profile WORKSPACE [--force]     (a change that would stop an active e-invoice series
                                                  from billing is refused, naming the series; --force
                                                  makes it anyway)
  workspace set-test-mode WORKSPACE on|off         (on: a test workspace: sandbox gateways under production,
                                                  its new invoices test invoices; off: a live one)
  workspace set-retention WORKSPACE YEARS|default  (how long documents issued from now on are kept as
                                                  issued, 1–100 years; default: 10)
  key create WORKSPACE [--name NAME]               (prints the raw key once)
  key list WORKSPACE [--all]
  key revoke WORKSPACE KEY_ID
  credits get WORKSPACE
  credits set WORKSPACE N|unlimited               (the workspace credit pool, shared with the dashboard)
  credits add WORKSPACE N [--operation-id ID]     (negative N takes credits away)
${invoiceUsage}
${creditNoteUsage}
${paymentRecordUsage}
${archiveUsage}
${seriesUsage}
${paymentUsage}
${templateUsage}
${webhookUsage}

Environment: ADMIN_URL (default http://127.0.0.1:8081), ADMIN_TOKEN.`;

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    token: { type: 'string' },
    json: { type: 'boolean', default: false },
    name: { type: 'string' },
    plan: { type: 'string' },
    tz: { type: 'string' },
    'owner-email': { type: 'string' },
    'test-mode': { type: 'boolean', default: false },
    state: { type: 'string' },
    all: { type: 'boolean', default: false },
    'operation-id': { type: 'string' },
    force: { type: 'boolean', default: false },
    ...invoiceOptions,
    ...moneyTrailOptions,
    ...archiveOptions,
    ...seriesOptions,
    ...paymentOptions,
    ...templateOptions,
    ...webhookOptions,
    help: { type: 'boolean', short: 'h', default: false },
  },
});

type Data = Record<string, unknown>;

class CliError extends Error {}

async function request(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Data> {
  const config = loadCliConfig();
  const token = flags.token ?? config.ADMIN_TOKEN;
  if (!token) throw new CliError('No admin token: pass --token or set ADMIN_TOKEN.');
  const base = (flags.url ?? config.ADMIN_URL).replace(/\/$/, '');
  let res: Response;
  try {
    res = await fetch(`${base}/admin${path}`, {
      method,
      headers: {
        ...headers,
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new CliError(`Cannot reach the admin API at ${base}: ${(err as Error).message}`);
  }
  const payload = (await res.json().catch(() => ({}))) as {
    data?: Data;
    error?: { name: string; message: string; details?: unknown };
  };
  if (!res.ok) {
    const e = payload.error;
    const details = e?.details ? `\n${JSON.stringify(e.details, null, 2)}` : '';
    throw new CliError(`${res.status} ${e?.name ?? 'Error'}: ${e?.message ?? res.statusText}${details}`);
  }
  return payload.data ?? {};
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function need(index: number, what: string): string {
  const value = positionals[index];
  if (!value) throw new CliError(`Missing ${what}.\n\n${usage}`);
  return value;
}

function table(rows: Data[], columns: string[]): string {
  if (rows.length === 0) return '(none)';
  const cells = rows.map((r) =>
    columns.map((c) => (Array.isArray(r[c]) ? (r[c] as unknown[]).join(',') : String(r[c] ?? ''))),
  );
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(columns), ...cells.map(line)].join('\n');
}

function creditsText(data: Data): string {
  return data.unlimited
    ? `Workspace ${data.workspace_id}: unlimited credits (${data.credits_used} used)`
    : `Workspace ${data.workspace_id}: ${data.credits_remaining ?? 0} credits left (${data.credits_used} used)`;
}

const workspaceColumns = ['id', 'name', 'plan', 'plan_state', 'time_zone', 'features', 'test_mode'];
const keyColumns = ['id', 'prefix', 'name', 'created_at', 'revoked_at', 'last_used_at'];

/** A workspace's legal profile, one line a part, as `workspace get` and `set-profile` print it. */
function profileText(profile: unknown): string {
  if (!profile) return 'Legal profile: none';
  const p = profile as Data;
  const address = p.address as Data | undefined;
  const electronic = p.electronic_address as Data | undefined;
  const contact = p.contact as Data | undefined;
  const rows: [string, unknown][] = [
    ['legal_name', p.legal_name],
    ['trading_name', p.trading_name],
    ['vat_id', p.vat_id],
    ['tax_registration_id', p.tax_registration_id],
    [
      'address',
      address &&
        [address.line1, address.line2, `${address.postal_code} ${address.city}`, address.region, address.country]
          .filter(Boolean)
          .join(', '),
    ],
    ['electronic_address', electronic && `${electronic.scheme} ${electronic.id}`],
    [
      'contact',
      contact && [contact.name, contact.email && `<${contact.email}>`, contact.phone].filter(Boolean).join(' '),
    ],
    // Shown only when on: the e-invoice's payment terms (BT-20) then carry the public page link.
    ['payment_link (BT-20)', p.e_invoice_payment_link === true && 'in the e-invoice (e_invoice_payment_link)'],
  ];
  return ['Legal profile:', ...rows.filter(([, v]) => v).map(([k, v]) => `  ${k.padEnd(21)}${v}`)].join('\n');
}

async function run(): Promise<{ data: Data; text: string; exitCode?: number }> {
  const [group, action] = positionals;
  // Command groups kept in files of their own get the same context.
  const context = {
    action,
    positionals,
    flags,
    request,
    need,
    table,
    fail: (message: string): never => {
      throw new CliError(message);
    },
  };
  const groups = {
    invoice: runInvoiceCommand,
    series: runSeriesCommand,
    template: runTemplateCommand,
    webhook: runWebhookCommand,
  };
  if (group === 'invoice' || group === 'series' || group === 'template' || group === 'webhook')
    return groups[group](context);
  if (group === 'gateway' || group === 'payment-account') return runPaymentCommand({ ...context, group, readStdin });
  if (group === 'credit-note' || group === 'payment') return runMoneyTrailCommand({ ...context, group });
  if (group === 'archive') return runArchiveCommand(context);
  const ws = () => encodeURIComponent(need(2, 'WORKSPACE'));
  switch (`${group} ${action}`) {
    case 'workspace create': {
      if (!flags.name) throw new CliError('workspace create needs --name.');
      const data = await request('POST', '/workspaces', {
        name: flags.name,
        plan: flags.plan,
        time_zone: flags.tz,
        owner_email: flags['owner-email'],
        ...(flags['test-mode'] ? { test_mode: true } : {}),
      });
      return { data, text: `Created workspace ${data.id}\n${table([data], workspaceColumns)}` };
    }
    case 'workspace set-test-mode': {
      const setting = need(3, 'on|off');
      if (setting !== 'on' && setting !== 'off') throw new CliError('workspace set-test-mode takes on or off.');
      const data = await request('PUT', `/workspaces/${ws()}/test-mode`, { test_mode: setting === 'on' });
      return { data, text: `Updated workspace ${data.id}\n${table([data], workspaceColumns)}` };
    }
    case 'workspace set-retention': {
      const setting = need(3, 'YEARS or default');
      if (setting !== 'default' && !/^\d{1,3}$/.test(setting))
        throw new CliError('workspace set-retention takes a number of years (1–100) or default.');
      const data = await request('PUT', `/workspaces/${ws()}/retention`, {
        retention_years: setting === 'default' ? null : Number(setting),
      });
      const years = data.retention_years ?? '10 (default)';
      return { data, text: `Workspace ${data.id}: documents issued from now on are kept as issued for ${years} years` };
    }
    case 'workspace list': {
      const data = await request('GET', '/workspaces?pageSize=100');
      return { data, text: table((data.workspaces as Data[]) ?? [], workspaceColumns) };
    }
    case 'workspace get': {
      const data = await request('GET', `/workspaces/${ws()}`);
      return {
        data,
        text: `${table([data], [...workspaceColumns, 'active_api_key_limit'])}\n\n${profileText(data.legal_profile)}`,
      };
    }
    case 'workspace set-plan': {
      const data = await request('PUT', `/workspaces/${ws()}/plan`, { plan: flags.plan, plan_state: flags.state });
      return { data, text: `Updated workspace ${data.id}\n${table([data], workspaceColumns)}` };
    }
    case 'workspace set-features': {
      const list = (positionals[3] ?? '')
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean);
      const data = await request('PUT', `/workspaces/${ws()}/features`, { features: list });
      return { data, text: `Updated workspace ${data.id}\n${table([data], workspaceColumns)}` };
    }
    case 'workspace set-profile': {
      const target = `/workspaces/${ws()}/legal-profile${flags.force ? '?force=true' : ''}`;
      const profile = await readJsonFile(flags.file, (message) => {
        throw new CliError(message);
      });
      const data = await request('PUT', target, profile);
      return { data, text: `Set the legal profile of workspace ${data.id}\n${profileText(data.legal_profile)}` };
    }
    case 'workspace clear-profile': {
      const data = await request('DELETE', `/workspaces/${ws()}/legal-profile${flags.force ? '?force=true' : ''}`);
      return { data, text: `Cleared the legal profile of workspace ${data.id}` };
    }
    case 'key create': {
      const data = await request('POST', `/workspaces/${ws()}/api-keys`, { name: flags.name ?? '' });
      const key = data.api_key as Data;
      return {
        data,
        text: `Created API key ${key.id} (${key.prefix}). Store it now; it is not shown again:\n\n  ${data.raw_key}\n`,
      };
    }
    case 'key list': {
      const data = await request('GET', `/workspaces/${ws()}/api-keys${flags.all ? '?include_revoked=true' : ''}`);
      return { data, text: table((data.api_keys as Data[]) ?? [], keyColumns) };
    }
    case 'key revoke': {
      const data = await request('DELETE', `/workspaces/${ws()}/api-keys/${encodeURIComponent(need(3, 'KEY_ID'))}`);
      return { data, text: `Revoked API key ${data.id} at ${data.revoked_at}` };
    }
    case 'credits get': {
      const data = await request('GET', `/workspaces/${ws()}/credits`);
      return { data, text: creditsText(data) };
    }
    case 'credits set': {
      const value = need(3, 'N or unlimited');
      const body = value === 'unlimited' ? { unlimited: true } : { credits: Number(value) };
      const data = await request('PUT', `/workspaces/${ws()}/credits`, body);
      return { data, text: creditsText(data) };
    }
    case 'credits add': {
      const data = await request('POST', `/workspaces/${ws()}/credits`, {
        amount: Number(need(3, 'N')),
        operation_id: flags['operation-id'],
      });
      return { data, text: creditsText(data) };
    }
    default:
      throw new CliError(usage);
  }
}

if (flags.help || positionals.length === 0) {
  console.log(usage);
} else {
  try {
    const { data, text, exitCode } = await run();
    console.log(flags.json ? JSON.stringify(data, null, 2) : text);
    // A check that found a fault (archive verify) says so by its exit status too.
    if (exitCode) process.exitCode = exitCode;
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    if (flags.json) console.error(JSON.stringify({ error: err.message }));
    else console.error(err.message);
    process.exitCode = 1;
  }
}
