import { readFile } from 'node:fs/promises';

/**
 * invoicectl template …: the dashboard's "manage templates" over the admin API.
 * Wired into cli/main.ts, which owns argument parsing, the HTTP request and output.
 */

type Data = Record<string, unknown>;

export const templateUsage = `  template list WORKSPACE
  template add WORKSPACE --name NAME --file FILE.hbs [--helpers FILE.js] [--min-plan PLAN]
  template replace WORKSPACE TEMPLATE_ID --name NAME --file FILE.hbs [--helpers FILE.js] [--min-plan PLAN]
  template set-default WORKSPACE TEMPLATE_ID|none  (used when a generate names no template)
  template delete WORKSPACE TEMPLATE_ID`;

/** parseArgs options the template commands add (--name is the CLI's own). */
export const templateOptions = {
  file: { type: 'string' },
  helpers: { type: 'string' },
  'min-plan': { type: 'string' },
} as const;

export interface TemplateCliContext {
  action: string | undefined;
  flags: Record<string, string | boolean | string[] | undefined>;
  request(method: string, path: string, body?: unknown): Promise<Data>;
  need(index: number, what: string): string;
  table(rows: Data[], columns: string[]): string;
  fail(message: string): never;
}

const templateColumns = ['id', 'name', 'kind', 'min_plan', 'available', 'system_default', 'workspace_default'];

export async function runTemplateCommand(ctx: TemplateCliContext): Promise<{ data: Data; text: string }> {
  const { flags, request, need, table, fail } = ctx;
  const base = () => `/workspaces/${encodeURIComponent(need(2, 'WORKSPACE'))}`;
  const flag = (name: string) => (typeof flags[name] === 'string' ? (flags[name] as string) : undefined);
  const read = async (file: string) => {
    try {
      return await readFile(file, 'utf8');
    } catch (err) {
      return fail(`Cannot read ${file}: ${(err as Error).message}`);
    }
  };
  const fields = async () => {
    const file = flag('file');
    const name = flag('name');
    if (!file || !name) ctx.fail(`template ${ctx.action} needs --name and --file.`);
    const helpers = flag('helpers');
    return {
      name,
      content: await read(file),
      helpers: helpers ? await read(helpers) : undefined,
      min_plan: flag('min-plan'),
    };
  };
  const saved = (d: Data, verb: string) =>
    `${verb} template ${d.id} "${d.name}" (version ${d.version}, from plan ${d.min_plan}).`;
  switch (ctx.action) {
    case 'list': {
      const data = await request('GET', `${base()}/templates`);
      return { data, text: table((data.templates as Data[]) ?? [], templateColumns) };
    }
    case 'add': {
      const path = `${base()}/templates`;
      const data = await request('POST', path, await fields());
      return { data, text: saved(data, 'Added') };
    }
    case 'replace': {
      const path = `${base()}/templates/${encodeURIComponent(need(3, 'TEMPLATE_ID'))}`;
      const data = await request('PUT', path, await fields());
      return { data, text: saved(data, 'Replaced') };
    }
    case 'set-default': {
      const id = need(3, 'TEMPLATE_ID');
      const data = await request('PUT', `${base()}/default-template`, { template_id: id === 'none' ? null : id });
      const current = data.default_template_id;
      return {
        data,
        text: current ? `Workspace default template: ${current}.` : 'Workspace default template cleared.',
      };
    }
    case 'delete': {
      const path = `${base()}/templates/${encodeURIComponent(need(3, 'TEMPLATE_ID'))}`;
      const data = await request('DELETE', path);
      const text = data.deleted
        ? `Deleted.${data.was_default ? ' It was the workspace default, which is now cleared.' : ''}`
        : 'No such template (nothing deleted).';
      return { data, text };
    }
    default:
      return fail(`Unknown template command.\n\n${templateUsage}`);
  }
}
