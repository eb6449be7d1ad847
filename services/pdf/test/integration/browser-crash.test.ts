import { readdir, readFile } from 'node:fs/promises';
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

/** CPU time (user and system, ms) of the process tree under `root`: the browser and its renderers. */
async function cpuMs(root: number): Promise<number> {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The fields after the command's closing parenthesis: state, ppid, … utime (14th), stime (15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields.length > 13)
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  const inTree = (pid: number): boolean => pid === root || (pid > 1 && stats.has(pid) && inTree(stats.get(pid)!.ppid));
  let ticks = 0;
  for (const [pid, { ticks: t }] of stats) if (inTree(pid)) ticks += t;
  return (ticks * 1000) / clockTicksPerSecond;
}
/** USER_HZ, the unit of /proc/<pid>/stat times: 100 on Linux for every architecture this runs on. */
const clockTicksPerSecond = 100;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// Cheap to template, slow to print: the kill must land mid-print. 8,000 rows (about 190 pages,
// 8 MB, under the 10 MB cap) take seconds of Chromium's CPU to load and print.
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

    const cpuBefore = await cpuMs(pid);
    const inFlight = render(id);
    let settled = false;
    void inFlight.then(
      () => (settled = true),
      () => (settled = true),
    );
    // A page lent is not yet a print under way: a browser found dead by the pool's check before
    // printing is relaunched and the render succeeds (a CI run killed in that gap). Chromium's own
    // CPU is the proof: loading and printing the heavy document burns seconds of it, the check none.
    await waitFor('a print under way', async () => settled || (await cpuMs(pid)) - cpuBefore >= 300, 30_000, 5);
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
