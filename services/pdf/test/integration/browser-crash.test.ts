import { AppError } from '@invoice-platform/common/errors';
import test from 'ava';
import { sampleRenderRequest } from '../../src/domain/sample.ts';
import type { FileInfo } from '../../src/domain/files.ts';
import { startTestService, type TestService } from './helpers.ts';
import { waitFor } from '@invoice-platform/test-support/platform';

let svc: TestService;

test.before(async () => {
  // A generous render timeout: the heavy template's test-render at upsert must not time out when
  // CI runs this next to every other test file on two cores (it did at the 15 s default). Its
  // hundred-odd pages are over the default page cap, which would refuse it before printing.
  svc = await startTestService('pdf_crash', { PDF_RENDER_TIMEOUT_MS: '60000', PDF_MAX_PAGES: '1000' });
});

test.after.always(async () => {
  await svc?.stop();
});

const render = (templateId = 'classic') =>
  svc.client.call<{ file: FileInfo }>(
    'Render',
    sampleRenderRequest({ workspace_id: 'WSCRASH001', template_id: templateId }),
  );

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// Cheap to template, slow to print: the kill must land mid-print. At 4,000 rows (94 pages) the
// print once ended before a 50 ms poll on a loaded CI machine saw it begin, and the render
// succeeded; 8,000 rows (about 190 pages, 8 MB, under the 10 MB cap) take twice as long, and the
// poll below looks every 5 ms.
const heavyTemplate = `<html><body><h1>{{invoice_number}}</h1><table>{{{rows}}}</table></body></html>`;
const heavyHelpers = `function rows() { return '<tr><td>row</td><td>1</td><td>2</td></tr>'.repeat(8000) }`;

test.serial(
  'Chromium killed during a render: that render fails with ApplicationError, the next succeeds',
  async (t) => {
    const { id } = await svc.client.call<{ id: string }>('UpsertWorkspaceTemplate', {
      workspace_id: 'WSCRASH001',
      name: 'Heavy',
      content: heavyTemplate,
      helpers: heavyHelpers,
    });
    await render();
    const pid = svc.app.pool.browserPid!;
    t.true(alive(pid));

    const inFlight = render(id);
    let settled = false;
    void inFlight.then(
      () => (settled = true),
      () => (settled = true),
    );
    await waitFor('a print under way', async () => svc.app.pool.printing > 0 || settled, 15_000, 5);
    t.false(settled, 'the heavy render was still printing when the kill came');
    process.kill(pid, 'SIGKILL');
    const err = await t.throwsAsync(inFlight);
    t.true(AppError.isKind(err, 'application'), String(err));
    t.is((err as AppError).status, 400);
    t.regex((err as Error).message, /PDF could not be generated/);

    const { file } = await render();
    t.is(file.pages, 1);
    const newPid = svc.app.pool.browserPid!;
    t.not(newPid, pid);
    t.true(alive(newPid));
    await waitFor('Chromium gone', async () => !alive(pid), 15_000, 50);
  },
);

test.serial('Chromium killed while idle: relaunched, the next render succeeds and health comes back', async (t) => {
  const pid = svc.app.pool.browserPid!;
  process.kill(pid, 'SIGKILL');
  const { file } = await render();
  t.is(file.status_marking, 'UNPAID');
  t.not(svc.app.pool.browserPid, pid);
  await waitFor('the service healthy again', () => svc.client.healthy(1000), 15_000, 50);
  t.true(await svc.client.healthy(1000));
});
