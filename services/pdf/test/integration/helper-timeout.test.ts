import { AppError } from '@invoice-platform/common/errors';
import test from 'ava';
import { sampleRenderRequest } from '../../src/domain/sample.ts';
import { startTestService, type TestService } from './helpers.ts';

// One page and one templating worker, and a 3 s render timeout: a workspace template whose helper
// spins for 20 s is refused on helpers when the timeout ends it, and the worker it spun in is
// replaced, so the next render (another workspace's) runs at once instead of waiting it out.
let svc: TestService;

test.before(async () => {
  svc = await startTestService('pdf_timeout', { PDF_PAGE_POOL_SIZE: '1', PDF_RENDER_TIMEOUT_MS: '3000' });
});
test.after.always(async () => {
  await svc?.stop();
});

test('a helper running past the render timeout is refused on helpers; the next render does not wait for it', async (t) => {
  const spin = await t.throwsAsync(
    svc.client.call('UpsertWorkspaceTemplate', {
      workspace_id: 'WSSPIN0001',
      name: 'Spin',
      content: '<p>{{spin}}</p>',
      helpers: 'function spin() { const end = Date.now() + 20000; while (Date.now() < end) {} return "x"; }',
    }),
  );
  t.true(AppError.isKind(spin, 'validation'), String(spin));
  const [error] = (spin as AppError).details?.errors as { path: string; message: string }[];
  t.is(error!.path, 'helpers');
  t.regex(error!.message, /longer than the render timeout/);

  const started = performance.now();
  const { file } = await svc.client.call<{ file: { pages: number } }>(
    'Render',
    sampleRenderRequest({ workspace_id: 'WSOTHER001', template_id: 'classic' }),
  );
  const tookMs = performance.now() - started;
  t.is(file.pages, 1);
  // The spinning helper had 17 s left: a render that waited for its worker would take that long.
  t.true(tookMs < 8000, `the next render took ${Math.round(tookMs)} ms`);
});
