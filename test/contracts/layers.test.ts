import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { ESLint } from 'eslint';

// The layers of a service (docs/architecture.md "Layers"): the lint step refuses an import that
// runs against them, and no import circle exists anywhere in services/.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

/** The layer-rule messages ESLint gives `code` as if it were the file at `file` (repo-relative). */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const refused: [string, string][] = [
  ['services/invoice/src/domain/fixture.ts', "import type { X } from '../store/models.ts';"],
  ['services/invoice/src/domain/fixture.ts', "import { X } from '../service/generate.ts';"],
  ['services/recurring/src/domain/rules/fixture.ts', "import { X } from '../../grpc/handlers.ts';"],
  ['services/pdf/src/domain/fixture.ts', "import { X } from '../events/rerender.ts';"],
  ['services/invoice/src/domain/fixture.ts', "import mongoose from 'mongoose';"],
  ['services/invoice/src/domain/fixture.ts', "import { X } from '@invoice-platform/common/store/leases';"],
  ['services/invoice/src/domain/fixture.ts', "import { X } from '@invoice-platform/common/grpc/client';"],
  ['services/webhook/src/store/fixture.ts', "import { X } from '../service/dispatcher.ts';"],
  ['services/accounts/src/service/fixture.ts', "import { X } from '../grpc/handlers.ts';"],
  ['services/invoice/src/service/fixture.ts', "import { X } from '../events/consumer.ts';"],
  ['services/invoice/src/grpc/fixture.ts', "import { X } from '../store/credits.ts';"],
  ['services/recurring/src/events/fixture.ts', "import { X } from '../store/series.ts';"],
  ['services/webhook/src/jobs/fixture.ts', "import { X } from '../store/deliveries.ts';"],
  ['services/webhook/src/grpc/fixture.ts', "import { X } from '@invoice-platform/common/store/paging';"],
  ['services/pdf/src/events/fixture.ts', "import { X } from '@invoice-platform/common/store/leases';"],
];

for (const [file, code] of refused) {
  test(`layers: lint refuses \`${code}\` in ${file}`, async (t) => {
    t.is((await layerErrors(file, `${code}\nexport const y = X;\n`)).length, 1);
  });
}

const allowed: [string, string][] = [
  ['services/invoice/src/store/fixture.ts', "import type { X } from '../domain/invoice.ts';"],
  ['services/invoice/src/service/fixture.ts', "import { X } from '../store/invoices.ts';"],
  ['services/invoice/src/grpc/fixture.ts', "import { X } from '../service/generate.ts';"],
  ['services/invoice/src/domain/fixture.ts', "import { X } from './status.ts';"],
  ['services/invoice/src/domain/fixture.ts', "import { X } from '@invoice-platform/common/dates';"],
  ['services/webhook/src/grpc/fixture.ts', "import { X } from '@invoice-platform/common/paging';"],
];

for (const [file, code] of allowed) {
  test(`layers: lint allows \`${code}\` in ${file}`, async (t) => {
    t.deepEqual(await layerErrors(file, `${code}\nexport const y = X;\n`), []);
  });
}

/** Every .ts file under `dir`, repo-relative. */
function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** The files of this repo that `file` imports (relative imports and @invoice-platform/common/*). */
function importsOf(file: string, known: Set<string>): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s+'([^']+)'/g)) {
    const spec = m[1]!;
    const target = spec.startsWith('.')
      ? path.join(path.dirname(file), spec)
      : spec.startsWith('@invoice-platform/common/')
        ? `services/common/src/${spec.slice('@invoice-platform/common/'.length)}.ts`
        : null;
    if (target && known.has(target)) found.push(target);
  }
  return found;
}

test('layers: no import circle in any service (services/*/src)', (t) => {
  const files = readdirSync(path.join(root, 'services')).flatMap((svc) => sources(`services/${svc}/src`));
  const known = new Set(files);
  const graph = new Map(files.map((f) => [f, importsOf(f, known)]));
  const circles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') circles.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  t.true(graph.size > 100, `read ${graph.size} files`);
  t.deepEqual(circles, []);
});
