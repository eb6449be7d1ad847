import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import test from 'ava';

// The preload runs again in every worker thread (they inherit --import); only the main thread may
// start an SDK. The pdf service runs jsreport and print workers: with an SDK each, its node process
// took twice its memory and served three metrics endpoints.

const preload = fileURLToPath(new URL('../../src/telemetry/preload.ts', import.meta.url));
const twoWorkers = `
import { Worker } from 'node:worker_threads';
const done = (w) => new Promise((resolve) => w.once('exit', resolve));
await Promise.all([1, 2].map(() => done(new Worker('1', { eval: true }))));
`;

test('telemetry preload: a process with two worker threads starts one SDK and one metrics endpoint', async (t) => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', preload, '--input-type=module', '-e', twoWorkers],
    { env: { ...process.env, OTEL_SERVICE_NAME: 'preload-test', OTEL_EXPORTER_PROMETHEUS_PORT: '0' }, timeout: 30_000 },
  );
  const started = stdout.split('\n').filter((line) => line.includes('"msg":"metrics listening"'));
  t.is(started.length, 1, stdout);
});
