import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'ava';
import { generatedDir, generatedHeader, generateProtoTypes } from '../../scripts/proto-types.ts';

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
    )
    .sort();
}

test('protos: the committed TypeScript types are what proto-loader-gen-types makes of protos/ (pnpm protos:types)', (t) => {
  const fresh = mkdtempSync(path.join(tmpdir(), 'proto-types-'));
  t.teardown(() => rmSync(fresh, { recursive: true, force: true }));
  generateProtoTypes(fresh);
  const expected = filesUnder(fresh);
  t.true(expected.length > 100, 'every message and service has its file');
  t.deepEqual(filesUnder(generatedDir), expected, 'the same files: run pnpm protos:types');
  const stale = expected.filter(
    (f) => readFileSync(path.join(fresh, f), 'utf8') !== readFileSync(path.join(generatedDir, f), 'utf8'),
  );
  t.deepEqual(stale, [], 'files that differ from protos/: run pnpm protos:types');
  const unmarked = expected.filter(
    (f) => !readFileSync(path.join(generatedDir, f), 'utf8').startsWith(`${generatedHeader}\n`),
  );
  t.deepEqual(unmarked, [], 'generated files must say so on their first line');
});
