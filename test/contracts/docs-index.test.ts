import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';

// docs/README.md is the index a newcomer reads docs/ by: every page must be reachable from it.
const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs');

test('docs index: docs/README.md links every page of docs/ (.md and .json), and nothing that is not there', (t) => {
  const index = readFileSync(path.join(docs, 'README.md'), 'utf8');
  const linked = new Set([...index.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!));
  const pages = readdirSync(docs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(md|json)$/.test(e.name) && e.name !== 'README.md')
    .map((e) => path.relative(docs, path.join(e.parentPath, e.name)));
  t.deepEqual(
    pages.filter((p) => !linked.has(p)),
    [],
    'pages docs/README.md does not link',
  );
  t.deepEqual(
    [...linked].filter((l) => !pages.includes(l)),
    [],
    'links in docs/README.md to no page',
  );
});
