import { AppError } from '@invoice-platform/common/errors';
import test from 'ava';
import { sampleRenderRequest } from '../../src/domain/sample.ts';
import type { FileInfo } from '../../src/domain/files.ts';
import { startTestService, type TestService } from './helpers.ts';

// DeleteInvoiceFiles: the invoice service's sweep of files no invoice points to
// (docs/architecture.md#pdf). It deletes files of the one invoice id named, in the one workspace
// named, and never the kept file or one stored at or after `stored_before`.
let svc: TestService;

test.before(async () => {
  svc = await startTestService('pdf_delete_invoice_files');
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
const deleteInvoiceFiles = (req: Record<string, unknown>) =>
  svc.client.call<{ deleted: number }>('DeleteInvoiceFiles', req);

test('DeleteInvoiceFiles deletes only the named invoice’s files in the named workspace, never the kept one or a later one', async (t) => {
  const [a1, a2, a3] = [
    await render('WSSWEEP001', 'inv_sweep_a'),
    await render('WSSWEEP001', 'inv_sweep_a'),
    await render('WSSWEEP001', 'inv_sweep_a'),
  ];
  const other = await render('WSSWEEP001', 'inv_sweep_b');

  t.deepEqual(
    await deleteInvoiceFiles({
      workspace_id: 'WSSWEEP001',
      invoice_id: 'inv_sweep_a',
      keep_file_id: a2!.file_id,
      stored_before: a3!.created_at,
    }),
    { deleted: 1 },
  );
  t.false(await exists('WSSWEEP001', a1!.file_id), 'an older file the invoice does not point to goes');
  t.true(await exists('WSSWEEP001', a2!.file_id), 'the kept file stays');
  t.true(await exists('WSSWEEP001', a3!.file_id), 'a file stored at or after stored_before stays');

  t.deepEqual(await deleteInvoiceFiles({ workspace_id: 'WSOTHER001', invoice_id: 'inv_sweep_a' }), { deleted: 0 });
  t.true(await exists('WSSWEEP001', a3!.file_id), 'another workspace deletes nothing of it');

  // A void invoice id: neither a kept file nor a time, every file of the id.
  t.deepEqual(await deleteInvoiceFiles({ workspace_id: 'WSSWEEP001', invoice_id: 'inv_sweep_a' }), { deleted: 2 });
  t.false(await exists('WSSWEEP001', a2!.file_id));
  t.false(await exists('WSSWEEP001', a3!.file_id));
  t.true(await exists('WSSWEEP001', other.file_id), 'another invoice’s file stays');
  t.deepEqual(await deleteInvoiceFiles({ workspace_id: 'WSSWEEP001', invoice_id: 'inv_sweep_a' }), { deleted: 0 });
});

test('DeleteInvoiceFiles refuses a request without an invoice id or with a bad time', async (t) => {
  const missing = await t.throwsAsync(deleteInvoiceFiles({ workspace_id: 'WSSWEEP002', invoice_id: '' }));
  t.true(AppError.isKind(missing, 'validation'), String(missing));
  const badTime = await t.throwsAsync(
    deleteInvoiceFiles({ workspace_id: 'WSSWEEP002', invoice_id: 'inv_x', stored_before: 'yesterday' }),
  );
  t.true(AppError.isKind(badTime, 'validation'), String(badTime));
});
