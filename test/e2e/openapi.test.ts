import { Validator } from '@seriousme/openapi-schema-validator';
import test from 'ava';
import { Platform, request } from '../support/platform.ts';

const platform = new Platform();

test.before(async () => {
  await platform.start();
});
test.after.always(() => platform.stop());

test('GET /openapi.json: a valid OpenAPI 3.1 document of every public endpoint, no key needed', async (t) => {
  const res = await request<{
    openapi: string;
    paths: Record<string, Record<string, { operationId: string }>>;
    servers: { url: string }[];
  }>(platform.gateway.baseUrl, 'GET', '/openapi.json');
  t.is(res.status, 200);
  t.regex(res.body.openapi, /^3\.1\./);
  const result = await new Validator().validate(res.body as unknown as Parameters<Validator['validate']>[0]);
  t.true(result.valid, JSON.stringify(result.errors));
  t.is(res.body.servers[0]!.url, platform.gateway.baseUrl);
  const expected: [string, string][] = [
    ['post', '/api/invoices/generate-external'],
    ['get', '/api/invoices/external'],
    ['get', '/api/invoices/external/templates'],
    ['get', '/api/invoices/external/{id}'],
    ['put', '/api/invoices/external/{id}/status'],
    ['put', '/api/invoices/external/{id}/archive'],
    ['post', '/api/invoices/external/{id}/pdf'],
    ['get', '/api/invoices/external/recurring'],
    ['get', '/api/invoices/external/recurring/{id}'],
    ['put', '/api/invoices/external/recurring/{id}/status'],
    ['put', '/api/invoices/external/recurring/{id}/extend'],
    ['put', '/api/invoices/external/recurring/{id}/frequency'],
    ['post', '/api/invoices/external/recurring/{id}/skip'],
    // Additive: the money trail (docs/money-trail.md).
    ['post', '/api/invoices/external/{id}/credit-notes'],
    ['get', '/api/invoices/external/{id}/credit-notes'],
    ['get', '/api/credit-notes/external/{id}'],
    ['get', '/api/credit-notes/external/{id}/pdf'],
    ['get', '/api/credit-notes/external/{id}/e-invoice'],
    ['post', '/api/invoices/external/{id}/payments'],
    ['get', '/api/invoices/external/{id}/payments'],
    ['get', '/p/credit-note/{id}/pdf'],
  ];
  for (const [method, path] of expected) t.truthy(res.body.paths[path]?.[method], `${method} ${path}`);
});

test('GET /livez and /readyz answer without a key, and /readyz shows no dependency map', async (t) => {
  t.is((await request(platform.gateway.baseUrl, 'GET', '/livez')).status, 200);
  const ready = await request(platform.gateway.baseUrl, 'GET', '/readyz');
  t.is(ready.status, 200);
  t.deepEqual(ready.body, { status: 'ready' });
});
