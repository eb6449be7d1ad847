import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { API_VERSION, buildOpenApi } from '../../services/gateway/src/http/openapi.ts';
import { pageRoutes } from '../../services/gateway/src/http/schemas/public-page.ts';
import { publicRoutes } from '../../services/gateway/src/http/schemas/routes.ts';
import { repoRoot } from '../support/platform.ts';

// The document the gateway serves at /openapi.json (services/gateway/src/app.ts builds it the same
// way, with PUBLIC_BASE_URL's default here) passes Redocly's `recommended` and Spectral's
// `spectral:oas` rules with no error and no warning, under the committed rulesets redocly.yaml and
// .spectral.yaml, whose every exception gives its reason (docs/api-clients.md).

const run = promisify(execFile);
const outDir = path.join(repoRoot, '.local/test-output/openapi-lint');
const bin = (name: string) => path.join(repoRoot, 'node_modules/.bin', name);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test edits the generated JSON freely
type Json = Record<string, any>;
const build = (): Json =>
  buildOpenApi(publicRoutes, { serverUrl: 'http://127.0.0.1:8080', version: API_VERSION }, pageRoutes) as Json;

function write(name: string, doc: Json): string {
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, name);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
}

/** A linter's JSON report, whatever its exit code (both exit non-zero when they find problems). */
async function lint(args: string[]): Promise<string> {
  try {
    return (await run(args[0]!, args.slice(1), { cwd: repoRoot, env: linterEnv, maxBuffer: 64 << 20 })).stdout;
  } catch (err) {
    const { stdout } = err as { stdout?: string };
    if (!stdout) throw err;
    return stdout;
  }
}
const linterEnv = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

interface RedoclyReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}
async function redocly(file: string): Promise<RedoclyReport> {
  const out = await lint([bin('redocly'), 'lint', file, '--config', 'redocly.yaml', '--format', 'json']);
  return JSON.parse(out.slice(out.indexOf('{'))) as RedoclyReport;
}

interface SpectralResult {
  code: string;
  severity: number;
  message: string;
  path: string[];
}
async function spectral(file: string): Promise<SpectralResult[]> {
  const out = await lint([bin('spectral'), 'lint', file, '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet']);
  return JSON.parse(out) as SpectralResult[];
}

/** A path as Redocly's JSON pointers write it. */
const pointer = (apiPath: string) => `#/paths/${apiPath.replaceAll('~', '~0').replaceAll('/', '~1')}/`;
const redoclyProblems = (report: RedoclyReport) =>
  report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
const spectralProblems = (results: SpectralResult[]) =>
  results.map((r) => `${r.code}: ${r.message} at ${r.path.join('.')}`);

test('openapi lint: Redocly recommended, 0 errors and 0 warnings on /openapi.json', async (t) => {
  const report = await redocly(write('openapi.json', build()));
  t.deepEqual(redoclyProblems(report), []);
  t.like(report.totals, { errors: 0, warnings: 0 });
});

test('openapi lint: Spectral spectral:oas, 0 errors and 0 warnings on /openapi.json', async (t) => {
  t.deepEqual(spectralProblems(await spectral(write('openapi.json', build()))), []);
});

test('openapi lint: both rulesets are in force and still catch what they are kept for', async (t) => {
  const broken = build();
  delete broken.paths['/api/invoices/external/{id}'].get.description;
  delete broken.paths['/p/invoice/{id}/pay'].post.responses['303'];
  delete broken.paths['/api/invoices/external/templates'].get.responses['200'];
  const file = write('broken.json', broken);
  const found = redoclyProblems(await redocly(file));
  // The configured rule that replaces operation-2xx-response: a 2xx, or 303 for the Pay form.
  t.true(
    found.some((p) => p.startsWith('rule/operation-success-response:') && p.includes(pointer('/p/invoice/{id}/pay'))),
    found.join('\n'),
  );
  t.true(
    found.some(
      (p) =>
        p.startsWith('rule/operation-success-response:') && p.includes(pointer('/api/invoices/external/templates')),
    ),
  );
  const results = spectralProblems(await spectral(file));
  t.true(
    results.some((r) => r.startsWith('operation-description:') && r.includes('/api/invoices/external/{id}.get')),
    results.join('\n'),
  );
});
