import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { type ApiClient, Platform, repoRoot, waitFor } from '../support/platform.ts';

const run = promisify(execFile);
const platform = new Platform({
  invoices: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"professional":100000,"business":100000}', RATE_LIMIT_PER_IP: '100000' },
});

test.before(async () => {
  await platform.start();
});
test.after.always(async () => {
  await platform.stop();
});

type Obj = Record<string, unknown>;
type Body<T = Obj> = { data: T; error?: { name: string; message: string; details?: Obj } };

const content = `<html><body><h1>{{invoice_number}}</h1><p>{{customer.name}}</p><p>{{amount}}</p></body></html>`;

const generate = (api: ApiClient, extra: Obj = {}) =>
  api.call<Body>('POST', '/api/invoices/generate-external', {
    body: { customer_name: 'Template Buyer', items: [{ quantity: 1, price: 100 }], ...extra },
  });

const addTemplate = async (workspaceId: string, name: string, minPlan?: string) => {
  const res = await platform.admin<Obj>('POST', `/workspaces/${workspaceId}/templates`, {
    name,
    content,
    ...(minPlan ? { min_plan: minPlan } : {}),
  });
  if (res.status !== 201) throw new Error(`add template: ${res.status} ${JSON.stringify(res.body)}`);
  return String(res.body.data.id);
};

test('generate: template.source is system_default, requested, company_default or fallback as docs/architecture.md#templates decides', async (t) => {
  const api = await platform.client('business', 10);
  const none = await generate(api);
  t.deepEqual(none.body.data.template, { id: 'classic', name: 'Classic', source: 'system_default' });

  const own = await addTemplate(api.workspaceId, 'Our own');
  const requested = await generate(api, { template: own });
  t.is(requested.status, 200, requested.text);
  t.deepEqual(requested.body.data.template, { id: own, name: 'Our own', source: 'requested' });
  t.deepEqual((await generate(api, { template: 'modern' })).body.data.template, {
    id: 'modern',
    name: 'Modern',
    source: 'requested',
  });

  const setDefault = await platform.admin('PUT', `/workspaces/${api.workspaceId}/default-template`, {
    template_id: own,
  });
  t.is(setDefault.status, 200);
  t.deepEqual((await generate(api)).body.data.template, { id: own, name: 'Our own', source: 'company_default' });

  // An enterprise-only template on a business plan: listed as not available; naming it falls back
  // to the first usable template in list order, the service default.
  const premium = await addTemplate(api.workspaceId, 'Premium', 'enterprise');
  const listed = await api.call<Body<Obj[]>>('GET', '/api/invoices/external/templates');
  t.like(
    listed.body.data.find((x) => x.id === premium),
    { available: false, system_default: false, workspace_default: false },
  );
  t.like(
    listed.body.data.find((x) => x.id === own),
    { available: true, workspace_default: true },
  );
  t.deepEqual((await generate(api, { template: premium })).body.data.template, {
    id: 'classic',
    name: 'Classic',
    source: 'fallback',
  });

  const unknown = await generate(api, { template: 'tpl_unknown' });
  t.is(unknown.status, 400);
  t.is(unknown.body.error!.name, 'ValidationError');
  t.deepEqual(
    (unknown.body.error!.details!.errors as { path: string }[]).map((e) => e.path),
    ['body.template'],
  );
  t.is((await platform.credits(api.workspaceId)).credits_remaining, 5, 'five generates succeeded');
});

test('a professional workspace naming the specialist Modern template falls back to Classic', async (t) => {
  const api = await platform.client('professional', 2);
  t.deepEqual((await generate(api, { template: 'modern' })).body.data.template, {
    id: 'classic',
    name: 'Classic',
    source: 'fallback',
  });
});

test('admin templates: bad fields are one 400 naming each; a template that does not render is refused', async (t) => {
  const api = await platform.client('business', 1);
  const bad = await platform.admin<Obj>('POST', `/workspaces/${api.workspaceId}/templates`, { min_plan: 'gold' });
  t.is(bad.status, 400);
  t.deepEqual(((bad.body as unknown as Body).error!.details!.errors as { path: string }[]).map((e) => e.path).sort(), [
    'body.content',
    'body.min_plan',
    'body.name',
  ]);
  const broken = await platform.admin<Obj>('POST', `/workspaces/${api.workspaceId}/templates`, {
    name: 'Broken',
    content: '<p>{{#each items}}</p>',
  });
  t.is(broken.status, 400);
  t.is(((broken.body as unknown as Body).error!.details!.errors as { path: string }[])[0]!.path, 'body.content');
  const other = await platform.client('business', 1);
  const own = await addTemplate(api.workspaceId, 'Mine');
  const foreign = await platform.admin<Obj>('PUT', `/workspaces/${other.workspaceId}/templates/${own}`, {
    name: 'Stolen',
    content,
  });
  t.is(foreign.status, 404, "another workspace's template cannot be replaced");
});

test('invoicectl template: add, list, replace, set-default and delete, human and --json', async (t) => {
  const api = await platform.client('business', 3);
  const dir = await mkdtemp(path.join(tmpdir(), 'tpl-'));
  const file = path.join(dir, 'mine.hbs');
  await writeFile(file, content);
  const cli = (...args: string[]) =>
    run(
      process.execPath,
      [path.join(repoRoot, 'services/gateway/src/cli/main.ts'), '--url', platform.gateway.adminUrl, ...args],
      { env: { ...process.env, ADMIN_TOKEN: platform.adminToken } },
    );
  const added = await cli('template', 'add', api.workspaceId, '--name', 'Letterhead', '--file', file);
  const id = /Added template (tpl_\w+) "Letterhead" \(version 1, from plan professional\)/.exec(added.stdout)?.[1];
  t.truthy(id, added.stdout);
  t.regex((await cli('template', 'list', api.workspaceId)).stdout, new RegExp(`${id}\\s+Letterhead\\s+workspace`));
  const replaced = JSON.parse(
    (await cli('--json', 'template', 'replace', api.workspaceId, id!, '--name', 'Letterhead 2', '--file', file)).stdout,
  ) as Obj;
  t.like(replaced, { id, name: 'Letterhead 2', version: 2 });
  t.regex((await cli('template', 'set-default', api.workspaceId, id!)).stdout, new RegExp(`default template: ${id}`));
  t.like((await generate(api)).body.data.template as Obj, { id, source: 'company_default' });
  t.regex((await cli('template', 'delete', api.workspaceId, id!)).stdout, /Deleted\. It was the workspace default/);
  const list = JSON.parse((await cli('--json', 'template', 'list', api.workspaceId)).stdout) as { templates: Obj[] };
  t.deepEqual(
    list.templates.map((x) => x.id),
    ['classic', 'modern'],
  );
  t.like((await generate(api)).body.data.template as Obj, { id: 'classic', source: 'system_default' });
  const missing = await t.throwsAsync(cli('template', 'add', api.workspaceId, '--name', 'No file'));
  t.regex(String((missing as { stderr?: string }).stderr), /needs --name and --file/);
});

// A template's output is capped (services/pdf: PDF_MAX_PAGES, 50 by default). A page per
// combination of `depth` of the invoice's items: items^depth pages.
const pagePer = (depth: number) =>
  `<html><body>${'{{#each @root.items}}'.repeat(depth)}<div style="break-after: page">{{description}}</div>` +
  `${'{{/each}}'.repeat(depth)}</body></html>`;
// 27 pages on the 3-item sample document the admin API test-renders, so it is stored; 5,832 on an
// 18-item invoice.
const pagePerTriple = pagePer(3);
const eighteenItems = Array.from({ length: 18 }, (_, i) => ({ description: `Line ${i + 1}`, quantity: 1, price: 10 }));

const putTemplate = async (workspaceId: string, name: string, body: string, id?: string) => {
  const res = await platform.admin<Obj>(
    id ? 'PUT' : 'POST',
    `/workspaces/${workspaceId}/templates${id ? `/${id}` : ''}`,
    { name, content: body },
  );
  if (res.status !== (id ? 200 : 201)) throw new Error(`template: ${res.status} ${JSON.stringify(res.body)}`);
  return String(res.body.data.id);
};

test('a template over the page cap: refused when stored if the sample shows it; else a generate with it is a 400 using no credit', async (t) => {
  const api = await platform.client('business', 5);
  const onSample = await platform.admin<Obj>('POST', `/workspaces/${api.workspaceId}/templates`, {
    name: 'Thousands',
    content: pagePer(8), // 6,561 pages on the sample
  });
  t.is(onSample.status, 400);
  const [error] = (onSample.body as unknown as Body).error!.details!.errors as { path: string; message: string }[];
  t.is(error!.path, 'body.content');
  t.regex(error!.message, /more than 50 pages/);

  const triple = await putTemplate(api.workspaceId, 'Triple', pagePerTriple);
  const started = performance.now();
  const refused = await generate(api, { template: triple, items: eighteenItems });
  t.log(`generate with a 5,832-page template answered in ${Math.round(performance.now() - started)} ms`);
  t.is(refused.status, 400, refused.text);
  t.is(refused.body.error!.name, 'ApplicationError');
  // The template's fault is named (the workspace can fix it; a retry cannot), and no credit went.
  t.regex(refused.body.error!.message, /PDF could not be generated: .*more than 50 pages.* No credit was used\.$/);
  t.is((await platform.credits(api.workspaceId)).credits_remaining, 5, 'no credit used');

  // The same template on a short invoice is within the cap.
  const short = await generate(api, { template: triple });
  t.is(short.status, 200, short.text);
  t.is((await platform.credits(api.workspaceId)).credits_remaining, 4);
});

test('the workspace default template replaced by one over the page cap: a status change and a forced PDF end with pdf_status failed', async (t) => {
  const api = await platform.client('business', 5);
  const letterhead = await putTemplate(api.workspaceId, 'Letterhead', content);
  const setDefault = await platform.admin('PUT', `/workspaces/${api.workspaceId}/default-template`, {
    template_id: letterhead,
  });
  t.is(setDefault.status, 200);
  const created = await generate(api, { items: eighteenItems });
  t.is(created.status, 200, created.text);
  t.like(created.body.data.template as Obj, { id: letterhead, source: 'company_default' });
  const id = String(created.body.data.id);

  await putTemplate(api.workspaceId, 'Letterhead', pagePerTriple, letterhead);
  const started = performance.now();
  const changed = await api.call<Body>('PUT', `/api/invoices/external/${id}/status`, { body: { status: 'paid' } });
  t.is(changed.status, 200, changed.text);
  const failed = await waitFor(
    'pdf_status failed',
    async () => {
      const inv = (await api.call<Body>('GET', `/api/invoices/external/${id}`)).body.data;
      return inv.pdf_status === 'failed' ? inv : undefined;
    },
    30_000,
    100,
  );
  t.log(`status change to pdf_status failed in ${Math.round(performance.now() - started)} ms`);
  t.is(failed.invoice_status, 'paid');

  const forced = await api.call<Body>('POST', `/api/invoices/external/${id}/pdf`, { body: { force: true } });
  t.is(forced.status, 400, forced.text);
  t.regex(forced.body.error!.message, /PDF could not be generated: .*more than 50 pages/);
  t.is((await api.call<Body>('GET', `/api/invoices/external/${id}`)).body.data.pdf_status, 'failed');
});
