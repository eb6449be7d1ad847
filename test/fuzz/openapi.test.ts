/**
 * Fuzzes every operation of the served /openapi.json with schemathesis (installed into
 * .tools/schemathesis by scripts/ensure-schemathesis.sh): valid and invalid inputs generated from
 * the document, sent with a valid key, and each response checked against the same document. Any
 * 5xx, undocumented status, content type or body shape fails the test. scripts/test.sh runs it in a
 * phase of its own, after the other tests, so its load does not slow their timings.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { type ApiClient, Platform, repoRoot } from '../support/platform.ts';

const st = path.join(repoRoot, '.tools/schemathesis/bin/st');
const outDir = path.join(repoRoot, '.local/test-output/fuzz');
/**
 * Test cases per operation in the fuzzing phase, bounded so the run stays within a few minutes on
 * a 2-core CI machine (every accepted generate renders a PDF); the examples and coverage phases
 * add their own cases, derived from the document, on top.
 */
const maxExamples = 25;

/** Unlimited credits and limits far above what the run sends: a 402 or 429 would only hide the route. */
const platform = new Platform({
  invoices: true,
  recurring: true,
  // The payment service with each provider's real default API, never reached: no workspace here
  // connects a gateway, so the Pay form and notifications are fuzzed up to the payment service's refusal.
  payments: {},
  gatewayEnv: {
    RATE_LIMIT_PLANS: '{"enterprise":10000000}',
    RATE_LIMIT_PER_IP: '10000000',
    RATE_LIMIT_NOTIFY_PER_IP: '10000000',
  },
});
let api: ApiClient;

test.before(async () => {
  await platform.start();
  api = await platform.client('enterprise', 'unlimited');
  // Lists and reads then have real items to check against the document, a series among them.
  for (const extra of [{}, { is_recurring: true, recurring_interval: 'monthly', recurring_count: 3 }]) {
    const res = await api.call('POST', '/api/invoices/generate-external', {
      body: {
        customer_name: 'PT Fuzz',
        customer_email: 'billing@fuzz.example',
        items: [{ description: 'Design work', quantity: 2, price: 150000, unit: 'hour' }],
        ...extra,
      },
    });
    if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  }
});
test.after.always(() => platform.stop());

interface Run {
  code: number | null;
  output: string;
}

function schemathesis(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(st, args, {
      cwd: outDir,
      env: { ...process.env, NO_COLOR: '1', COLUMNS: '160' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

test('schemathesis: every operation of /openapi.json, no 5xx and no response the document does not allow', async (t) => {
  t.timeout(8 * 60_000);
  if (!existsSync(st)) t.fail(`${st} is missing: run bash scripts/ensure-schemathesis.sh`);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  // A seed in the log, so a failure found in CI can be replayed with FUZZ_SEED.
  const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
  const { code, output } = await schemathesis([
    'run',
    `${platform.gateway.baseUrl}/openapi.json`,
    '--header',
    `Authorization: Bearer ${api.key}`,
    '--checks',
    'not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance',
    '--max-examples',
    String(maxExamples),
    '--seed',
    seed,
    // One worker: with two, Hypothesis describes its filters with ast.parse from two threads at
    // once, which CPython 3.11 does not allow (SystemError: AST constructor recursion depth mismatch).
    '--workers',
    '1',
    '--request-timeout',
    '60',
    '--generation-database',
    'none',
    '--report',
    'junit',
    '--report-junit-path',
    path.join(outDir, 'junit.xml'),
  ]);
  t.log(`seed ${seed}`);
  // The whole report goes to a file: its closing line is pytest-shaped ("N warnings in 53s"), and
  // CI reads such a line in our output as a run that executed no test.
  const logFile = path.join(outDir, 'schemathesis.log');
  writeFileSync(logFile, output);
  t.log(`report: ${logFile}`);
  if (code !== 0) t.log(output.slice(-20_000).replace(/^=+ .* =+$/gm, ''));
  const junit = readFileSync(path.join(outDir, 'junit.xml'), 'utf8');
  const suite = /<testsuite [^>]*>/.exec(junit)?.[0] ?? '';
  t.log(`junit: ${suite}`);
  t.is(code, 0, 'schemathesis found failures (the log above lists them)');
  t.regex(suite, / errors="0" failures="0"/);
  // Every operation of the document was fuzzed: none skipped, none left out by a filter.
  const doc = (await (await fetch(`${platform.gateway.baseUrl}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const operations = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
  t.regex(output, new RegExp(`Selected: ${operations}/${operations}\\s+Tested: ${operations}\\b`));
});
