import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {
  endMarker,
  generatedNote,
  platformTableFile,
  renderEnvTables,
  root,
  serviceSchemas,
  settingsOf,
  staleEnvTables,
  startMarker,
} from '../../scripts/env-tables.ts';

// The environment tables of the docs are generated from the services' config schemas
// (scripts/env-tables.ts); a table edited by hand, or a setting added without its row, fails here.

test('env tables: every service README and docs/configuration.md hold the tables the config schemas render (pnpm docs:env)', async (t) => {
  const rendered = await renderEnvTables();
  t.deepEqual(
    [...rendered.keys()].sort(),
    [...Object.keys(serviceSchemas).map((s) => `services/${s}/README.md`), platformTableFile].sort(),
    'a table per service README and the platform-wide one',
  );
  t.deepEqual(await staleEnvTables(), [], 'files whose env table differs from the config schemas: run pnpm docs:env');
});

test('env tables: each sits between its markers and says it is generated', (t) => {
  for (const file of [...Object.keys(serviceSchemas).map((s) => `services/${s}/README.md`), platformTableFile]) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const start = text.indexOf(startMarker);
    t.true(start >= 0 && text.indexOf(endMarker) > start, `${file} has the markers`);
    t.true(text.slice(start).startsWith(`${startMarker}\n${generatedNote}\n`), `${file} says its table is generated`);
  }
});

test('env tables: a setting added to a schema without regenerating the tables is caught, in its README and the platform table', async (t) => {
  const gateway = serviceSchemas.gateway!;
  const withNewSetting = {
    ...serviceSchemas,
    gateway: {
      ...gateway,
      properties: {
        ...gateway.properties,
        GATEWAY_NEW_SETTING: { default: 1, description: 'A setting nobody documented' },
      },
    },
  };
  t.deepEqual(await staleEnvTables(withNewSetting), ['services/gateway/README.md', platformTableFile]);
  const readme = (await renderEnvTables(withNewSetting)).get('services/gateway/README.md')!;
  t.regex(readme, /\| `GATEWAY_NEW_SETTING` +\| `1` +\| A setting nobody documented +\|/);
});

test('env tables: a setting without a description is refused, named', (t) => {
  const error = t.throws(() =>
    settingsOf('gateway', { properties: { GATEWAY_UNEXPLAINED: { default: 1 } }, required: [] }),
  );
  t.regex(error.message, /gateway: GATEWAY_UNEXPLAINED has no description/);
});

test('env tables: every setting of every service has a description', (t) => {
  for (const [service, schema] of Object.entries(serviceSchemas))
    t.notThrows(() => settingsOf(service, schema), service);
});
