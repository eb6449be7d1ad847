import { createHash } from 'node:crypto';
import { AppError } from '@invoice-platform/common/errors';
import test from 'ava';
import { sampleRenderRequest } from '../../src/domain/sample.ts';
import type { FileInfo } from '../../src/domain/files.ts';
import { startTestService, type TestService } from './helpers.ts';

// StoreFile and ArchiveFiles: the as-issued archive's side in the pdf service (docs/money-trail.md
// "The as-issued archive"). A file kept as issued is never deleted before its retain_until, by
// DeleteFile or by any sweep (DeleteInvoiceFiles), whatever the caller names.
let svc: TestService;

test.before(async () => {
  svc = await startTestService('pdf_archive_files');
});

test.after.always(async () => {
  await svc?.stop();
});

const render = async (workspaceId: string, invoiceId: string) =>
  (
    await svc.client.call<{ file: FileInfo }>(
      'Render',
      sampleRenderRequest({ workspace_id: workspaceId, invoice_id: invoiceId, template_id: undefined }),
    )
  ).file;
const exists = (workspaceId: string, fileId: string) =>
  svc.client.call('GetFile', { workspace_id: workspaceId, file_id: fileId }).then(
    () => true,
    (err: unknown) => (AppError.isKind(err, 'not_found') ? false : Promise.reject(err)),
  );
const archive = (req: Record<string, unknown>) =>
  svc.client.call<{ archived: number; missing: string[] }>('ArchiveFiles', req);
const inTenYears = () => new Date(Date.now() + 10 * 365 * 86_400_000).toISOString();
const xml = '<?xml version="1.0" encoding="UTF-8"?><Invoice>été</Invoice>';

test('StoreFile keeps the bytes as given, with their SHA-256, as a file of the document', async (t) => {
  const { file } = await svc.client.call<{ file: FileInfo }>('StoreFile', {
    workspace_id: 'WSARCH001',
    invoice_id: 'inv_arch_store',
    content_type: 'application/xml',
    download_name: 'RE-1-xrechnung.xml',
    content: Buffer.from(xml, 'utf8'),
  });
  const bytes = Buffer.from(xml, 'utf8');
  t.like(file, {
    workspace_id: 'WSARCH001',
    invoice_id: 'inv_arch_store',
    content_type: 'application/xml',
    download_name: 'RE-1-xrechnung.xml',
    size_bytes: String(bytes.length),
    sha256: createHash('sha256').update(bytes).digest('hex'),
  });
  const got = await svc.client.call<{ content: Buffer }>('GetFile', {
    workspace_id: 'WSARCH001',
    file_id: file.file_id,
    include_content: true,
  });
  t.true(Buffer.from(got.content).equals(bytes));
  const other = await t.throwsAsync(svc.client.call('GetFile', { workspace_id: 'WSOTHER01', file_id: file.file_id }));
  t.true(AppError.isKind(other, 'not_found'), 'another workspace does not see it');
});

test('StoreFile refuses a request missing a part, naming each', async (t) => {
  const err = await t.throwsAsync(
    svc.client.call('StoreFile', { workspace_id: 'WSARCH002', invoice_id: '', content_type: '', download_name: '' }),
  );
  t.true(AppError.isKind(err, 'validation'));
  t.deepEqual(
    ((err as AppError).details?.errors as { path: string }[]).map((e) => e.path),
    ['invoice_id', 'content_type', 'download_name', 'content'],
  );
});

test('a file kept as issued is deleted neither by DeleteFile nor by DeleteInvoiceFiles before its retain_until', async (t) => {
  const first = await render('WSARCH003', 'inv_arch_keep');
  const second = await render('WSARCH003', 'inv_arch_keep');
  t.deepEqual(
    await archive({
      workspace_id: 'WSARCH003',
      invoice_id: 'inv_arch_keep',
      file_ids: [first.file_id],
      retain_until: inTenYears(),
    }),
    { archived: 1, missing: [] },
  );
  t.deepEqual(await svc.client.call('DeleteFile', { workspace_id: 'WSARCH003', file_id: first.file_id }), {
    deleted: false,
  });
  // A sweep naming another file to keep, and a void id's sweep naming none: the kept one stays.
  t.deepEqual(
    await svc.client.call('DeleteInvoiceFiles', {
      workspace_id: 'WSARCH003',
      invoice_id: 'inv_arch_keep',
      keep_file_id: second.file_id,
    }),
    { deleted: 0 },
  );
  t.deepEqual(
    await svc.client.call('DeleteInvoiceFiles', { workspace_id: 'WSARCH003', invoice_id: 'inv_arch_keep' }),
    { deleted: 1 },
    'the file not kept goes',
  );
  t.true(await exists('WSARCH003', first.file_id));
  t.false(await exists('WSARCH003', second.file_id));
});

test('ArchiveFiles is idempotent, never shortens a retain_until, and lists the files it did not find', async (t) => {
  const file = await render('WSARCH004', 'inv_arch_idem');
  const other = await render('WSARCH004', 'inv_arch_other');
  const req = { workspace_id: 'WSARCH004', invoice_id: 'inv_arch_idem', file_ids: [file.file_id] };
  t.deepEqual(await archive({ ...req, retain_until: inTenYears() }), { archived: 1, missing: [] });
  t.deepEqual(await archive({ ...req, retain_until: inTenYears() }), { archived: 1, missing: [] });
  // An earlier date (a setting changed since) does not shorten what was issued.
  t.deepEqual(await archive({ ...req, retain_until: new Date(Date.now() - 1000).toISOString() }), {
    archived: 1,
    missing: [],
  });
  t.deepEqual(await svc.client.call('DeleteFile', { workspace_id: 'WSARCH004', file_id: file.file_id }), {
    deleted: false,
  });
  // Another document's file, another workspace's, an unknown one: found as none of this document's.
  t.deepEqual(await archive({ ...req, file_ids: [other.file_id, 'pdf_unknown'], retain_until: inTenYears() }), {
    archived: 0,
    missing: [other.file_id, 'pdf_unknown'],
  });
  t.deepEqual(await archive({ ...req, workspace_id: 'WSOTHER04', retain_until: inTenYears() }), {
    archived: 0,
    missing: [file.file_id],
  });
  t.deepEqual(await svc.client.call('DeleteFile', { workspace_id: 'WSARCH004', file_id: other.file_id }), {
    deleted: true,
  });
});

test('a file whose retain_until has passed may be deleted again', async (t) => {
  const file = await render('WSARCH005', 'inv_arch_past');
  await archive({
    workspace_id: 'WSARCH005',
    invoice_id: 'inv_arch_past',
    file_ids: [file.file_id],
    retain_until: new Date(Date.now() - 1000).toISOString(),
  });
  t.deepEqual(await svc.client.call('DeleteFile', { workspace_id: 'WSARCH005', file_id: file.file_id }), {
    deleted: true,
  });
});

test('ArchiveFiles refuses a request without a document or with a bad time', async (t) => {
  const err = await t.throwsAsync(archive({ workspace_id: 'WSARCH006', invoice_id: '', retain_until: 'soon' }));
  t.true(AppError.isKind(err, 'validation'));
  t.deepEqual(
    ((err as AppError).details?.errors as { path: string }[]).map((e) => e.path),
    ['invoice_id', 'retain_until'],
  );
});
