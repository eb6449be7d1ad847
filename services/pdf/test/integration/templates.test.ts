import * as grpc from '@grpc/grpc-js';
import { AppError } from '@invoice-platform/common/errors';
import { loadService } from '@invoice-platform/common/grpc/protos';
import test from 'ava';
import { sampleRenderRequest } from '../../src/domain/sample.ts';
import type { FileInfo } from '../../src/domain/files.ts';
import { pdfText, startTestService, type TestService } from './helpers.ts';

let svc: TestService;

test.before(async () => {
  svc = await startTestService('pdf_templates');
});

test.after.always(async () => {
  await svc?.stop();
});

interface TemplateItem {
  id: string;
  name: string;
  available: boolean;
  system_default: boolean;
  workspace_default: boolean;
  kind: string;
  min_plan: string;
}
type Info = { id: string; name: string; source: string } | null;

const list = (workspace_id: string, plan: string) =>
  svc.client.call<{ templates: TemplateItem[] }>('ListTemplates', { workspace_id, plan }).then((r) => r.templates);
const resolve = (workspace_id: string, plan: string, requested_template_id?: string) =>
  svc.client
    .call<{ template: Info }>('ResolveTemplate', { workspace_id, plan, requested_template_id })
    .then((r) => r.template);

const brandTemplate = `<html><body><h1>{{words.invoice}} {{invoice_number}}</h1>
<p>{{view.customer.name}} owes {{shout view.total}}</p><p>{{view.status.word}}</p></body></html>`;
const brandHelpers = `function shout(s) { return String(s) + '!' }`;

test.serial('system templates: available by plan, service default first', async (t) => {
  const free = await list('WSTPL00001', 'free');
  t.deepEqual(
    free.map((x) => [x.id, x.name, x.available, x.system_default, x.workspace_default, x.kind, x.min_plan]),
    [
      ['classic', 'Classic', true, true, false, 'system', 'free'],
      ['modern', 'Modern', false, false, false, 'system', 'specialist'],
    ],
  );
  t.true((await list('WSTPL00001', 'specialist')).find((x) => x.id === 'modern')!.available);
  t.deepEqual(await resolve('WSTPL00001', 'professional'), {
    id: 'classic',
    name: 'Classic',
    source: 'system_default',
  });
  t.deepEqual(await resolve('WSTPL00001', 'professional', 'modern'), {
    id: 'classic',
    name: 'Classic',
    source: 'fallback',
  });
  t.deepEqual(await resolve('WSTPL00001', 'business', 'modern'), { id: 'modern', name: 'Modern', source: 'requested' });
});

test.serial('unknown template and unknown plan are ValidationErrors', async (t) => {
  const unknown = await t.throwsAsync(resolve('WSTPL00001', 'business', 'tpl_missing'));
  t.true(AppError.isKind(unknown, 'validation'));
  t.deepEqual(((unknown as AppError).details?.errors as { path: string }[])[0]!.path, 'body.template');
  const plan = await t.throwsAsync(list('WSTPL00001', 'gold'));
  t.true(AppError.isKind(plan, 'validation'));
});

test.serial('workspace templates: upsert (test-rendered), default, render, delete', async (t) => {
  const ws = 'WSTPL00002';
  const bad = await t.throwsAsync(
    svc.client.call('UpsertWorkspaceTemplate', { workspace_id: ws, name: 'Broken', content: '{{#each}' }),
  );
  t.true(AppError.isKind(bad, 'validation'));
  t.is(((bad as AppError).details?.errors as { path: string }[])[0]!.path, 'content');
  const badHelpers = await t.throwsAsync(
    svc.client.call('UpsertWorkspaceTemplate', {
      workspace_id: ws,
      name: 'B',
      content: '<p>x</p>',
      helpers: 'function (',
    }),
  );
  t.true(AppError.isKind(badHelpers, 'validation'));
  t.deepEqual(await list(ws, 'enterprise').then((l) => l.length), 2, 'nothing stored');

  const created = await svc.client.call<{ id: string; version: number; min_plan: string; workspace_default: boolean }>(
    'UpsertWorkspaceTemplate',
    { workspace_id: ws, name: 'Brand', content: brandTemplate, helpers: brandHelpers },
  );
  t.regex(created.id, /^tpl_/);
  t.is(created.version, 1);
  t.is(created.min_plan, 'professional');
  t.false(created.workspace_default);

  // Another workspace cannot see, replace or use it.
  t.is((await list('WSTPL00003', 'enterprise')).length, 2);
  t.true(AppError.isKind(await t.throwsAsync(resolve('WSTPL00003', 'enterprise', created.id)), 'validation'));
  const foreign = await t.throwsAsync(
    svc.client.call('UpsertWorkspaceTemplate', {
      workspace_id: 'WSTPL00003',
      template_id: created.id,
      name: 'X',
      content: '<p>x</p>',
    }),
  );
  t.true(AppError.isKind(foreign, 'not_found'));

  t.like(await svc.client.call('SetWorkspaceDefaultTemplate', { workspace_id: ws, template_id: created.id }), {
    default_template_id: created.id,
  });
  t.deepEqual(await resolve(ws, 'professional'), { id: created.id, name: 'Brand', source: 'company_default' });
  t.deepEqual(await resolve(ws, 'free'), { id: 'classic', name: 'Classic', source: 'fallback' });
  const listed = await list(ws, 'professional');
  t.deepEqual(
    listed.map((x) => [x.id, x.available, x.workspace_default, x.kind]),
    [
      ['classic', true, false, 'system'],
      ['modern', false, false, 'system'],
      [created.id, true, true, 'workspace'],
    ],
  );

  const replaced = await svc.client.call<{ version: number; workspace_default: boolean; name: string }>(
    'UpsertWorkspaceTemplate',
    {
      workspace_id: ws,
      template_id: created.id,
      name: 'Brand 2',
      content: brandTemplate,
      helpers: brandHelpers,
      min_plan: 'business',
    },
  );
  t.like(replaced, { version: 2, workspace_default: true, name: 'Brand 2' });

  const req = sampleRenderRequest({ workspace_id: ws, template_id: created.id });
  const { file } = await svc.client.call<{ file: FileInfo }>('Render', req);
  t.deepEqual(file.template, { id: created.id, name: 'Brand 2', source: 'requested' });
  const got = await svc.client.call<{ content: Buffer }>('GetFile', {
    workspace_id: ws,
    file_id: file.file_id,
    include_content: true,
  });
  t.regex(pdfText(got.content), /PT Sinar Terang owes IDR 1,759,500!/);

  t.deepEqual(await svc.client.call('DeleteWorkspaceTemplate', { workspace_id: ws, template_id: created.id }), {
    deleted: true,
    was_default: true,
  });
  t.deepEqual(await svc.client.call('DeleteWorkspaceTemplate', { workspace_id: ws, template_id: created.id }), {
    deleted: false,
    was_default: false,
  });
  t.deepEqual(await resolve(ws, 'business'), { id: 'classic', name: 'Classic', source: 'system_default' });

  // A re-render of an invoice that used the deleted template falls back.
  const again = await svc.client.call<{ file: FileInfo }>('Render', req);
  t.deepEqual(again.file.template, { id: 'classic', name: 'Classic', source: 'fallback' });
});

test.serial(
  'a template whose helper allocates without end is refused on helpers; the service keeps rendering',
  async (t) => {
    const ws = 'WSTPLBOMB1';
    const bomb = await t.throwsAsync(
      svc.client.call('UpsertWorkspaceTemplate', {
        workspace_id: ws,
        name: 'Bomb',
        content: '<p>{{grow}}</p>',
        helpers: "function grow() { const a = []; for (;;) a.push(new Array(100000).fill('x' + a.length)); }",
      }),
    );
    t.true(AppError.isKind(bomb, 'validation'), String(bomb));
    const [error] = (bomb as AppError).details?.errors as { path: string; message: string }[];
    t.is(error!.path, 'helpers');
    t.regex(error!.message, /more than the 128 MiB a render may use/);
    t.deepEqual(await list(ws, 'enterprise').then((l) => l.length), 2, 'nothing stored');
    const { file } = await svc.client.call<{ file: { pages: number } }>(
      'Render',
      sampleRenderRequest({ workspace_id: ws, template_id: 'classic' }),
    );
    t.is(file.pages, 1);
    t.true(await svc.client.healthy(2000));
  },
);

test.serial('a template whose loops build more HTML than Chromium is given is refused on content', async (t) => {
  const ws = 'WSTPLHUGE1';
  const huge = await t.throwsAsync(
    svc.client.call('UpsertWorkspaceTemplate', {
      workspace_id: ws,
      name: 'Huge',
      content: '{{#each (times 900)}}{{#each (times 900)}}<b>x</b>{{/each}}{{/each}}',
      helpers: 'function times(n) { return Array.from({ length: n }, (_, i) => i); }',
    }),
  );
  t.true(AppError.isKind(huge, 'validation'), String(huge));
  const [error] = (huge as AppError).details?.errors as { path: string; message: string }[];
  t.is(error!.path, 'content');
  t.regex(error!.message, /more than 5242880 bytes of HTML/);
  t.true(await svc.client.healthy(2000));
});

test.serial('the workspace default may be a system template, and can be cleared', async (t) => {
  const ws = 'WSTPL00004';
  await svc.client.call('SetWorkspaceDefaultTemplate', { workspace_id: ws, template_id: 'modern' });
  t.deepEqual(await resolve(ws, 'specialist'), { id: 'modern', name: 'Modern', source: 'company_default' });
  t.deepEqual(await resolve(ws, 'professional'), { id: 'classic', name: 'Classic', source: 'fallback' });
  const unknown = await t.throwsAsync(
    svc.client.call('SetWorkspaceDefaultTemplate', { workspace_id: ws, template_id: 'tpl_x' }),
  );
  t.true(AppError.isKind(unknown, 'validation'));
  const cleared = await svc.client.call<{ default_template_id?: string }>('SetWorkspaceDefaultTemplate', {
    workspace_id: ws,
  });
  t.is(cleared.default_template_id, undefined);
  t.deepEqual(await resolve(ws, 'specialist'), { id: 'classic', name: 'Classic', source: 'system_default' });
});

test.serial('health is SERVING with Mongo and the browser up', async (t) => {
  t.true(await svc.client.healthy(2000));
});

test.serial(
  'StreamFile on the wire: an unknown file ends the stream with NOT_FOUND and the app error kind',
  async (t) => {
    const { Client } = loadService('invoiceplatform/pdf/v1/pdf.proto', 'invoiceplatform.pdf.v1.PdfService');
    const raw = new Client(`127.0.0.1:${svc.app.server.port}`, grpc.credentials.createInsecure());
    const err = await new Promise<grpc.ServiceError | undefined>((resolve) => {
      const stream = (raw as unknown as { StreamFile(req: unknown): grpc.ClientReadableStream<unknown> }).StreamFile({
        workspace_id: 'WSTPL00001',
        file_id: 'pdf_x',
      });
      stream.on('data', () => undefined);
      stream.on('error', (e: grpc.ServiceError) => resolve(e));
      stream.on('end', () => resolve(undefined));
    });
    raw.close();
    t.is(err?.code, grpc.status.NOT_FOUND);
    t.deepEqual(err?.metadata.get('app-error-kind'), ['not_found']);
    t.true(await svc.client.healthy(2000));
  },
);
