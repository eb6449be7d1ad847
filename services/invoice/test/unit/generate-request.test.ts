import type { GenerateRequest } from '@invoice-platform/common/contracts/generate';
import { AppError } from '@invoice-platform/common/errors';
import test from 'ava';
import {
  idempotencyScope,
  legacyIdempotencyScope,
  invoiceSources,
  refusesWorkspaceData,
  validateGenerate,
} from '../../src/domain/generate-request.ts';
import type { WorkspaceInfo } from '../../src/domain/workspace.ts';

const ws: WorkspaceInfo = {
  id: 'ws_1',
  name: 'Acme',
  plan: 'business',
  plan_state: 'active',
  time_zone: 'Asia/Jakarta',
  features: ['api', 'recurring'],
};
const now = new Date('2026-11-25T10:00:00Z');
const request = (fields: Partial<GenerateRequest> = {}): GenerateRequest => ({
  workspace_id: 'ws_1',
  source: 'api',
  customer_name: 'Ada',
  items: [{ description: 'x', quantity: '1', price: '10' }],
  is_recurring: false,
  recurring_count: 0,
  ...fields,
});

test('idempotencyScope: each source keeps its keys in a namespace of its own, apart from the internal forms', (t) => {
  const cases: [source: string, key: string, scope: string, legacy: string | null][] = [
    ['api', 'order-1', 'key order-1', 'order-1'],
    ['recurring', 'order-1', 'key order-1', 'order-1'],
    ['dashboard', 'order-1', 'dashboard order-1', null],
    // An API key that looks like a dashboard scope is still its own.
    ['api', 'dashboard:order-1', 'key dashboard:order-1', 'dashboard:order-1'],
    // Keys with the text of the service's own forms: their own namespace, and no earlier form read.
    ['api', 'none:inv_1', 'key none:inv_1', null],
    ['api', 'expired:inv_1', 'key expired:inv_1', null],
    ['api', 'void:inv_1', 'key void:inv_1', null],
    ['dashboard', 'none:inv_1', 'dashboard none:inv_1', null],
  ];
  for (const [source, key, scope, legacy] of cases) {
    t.is(idempotencyScope(source, key), scope, `${source} ${key}`);
    t.is(legacyIdempotencyScope(source, key), legacy, `${source} ${key} (earlier form)`);
    for (const internal of ['none:inv_1', 'expired:inv_1', 'void:inv_1'])
      t.not(idempotencyScope(source, key), internal, `${source} ${key}`);
  }
  t.not(idempotencyScope('dashboard', 'k'), idempotencyScope('api', 'k'));
});

test('validateGenerate: every source the platform uses passes the same checks; another is a caller bug', (t) => {
  for (const source of invoiceSources) {
    const plan = validateGenerate(request({ source }), ws, now, true);
    t.is(plan.totals.amount, '10', source);
    t.is(plan.dueDate, '2026-12-09', source);
    const bad = t.throws(() => validateGenerate(request({ source, customer_name: ' ' }), ws, now, true), {
      instanceOf: AppError,
    });
    t.is(bad?.kind, 'validation', source);
  }
  for (const source of ['', 'Dashboard', 'import']) {
    const err = t.throws(() => validateGenerate(request({ source }), ws, now, true), { instanceOf: AppError });
    t.is(err?.kind, 'internal', source);
    t.regex(err?.message ?? '', /source must be one of: api, dashboard, recurring/);
  }
});

test('refusesWorkspaceData: a refusal over the workspace legal profile, which a profile set since may lift', (t) => {
  // A workspace without a legal profile asked for an e-invoice: refused over its own data.
  const err = t.throws(() => validateGenerate(request({ currency: 'EUR', e_invoice: 'factur-x' }), ws, now, true));
  t.true(refusesWorkspaceData(err), JSON.stringify((err as AppError).details));
  const cases: [what: string, err: unknown, expected: boolean][] = [
    [
      'a legal profile field',
      AppError.validation([{ path: 'workspace.legal_profile.tax_id', message: 'is required' }]),
      true,
    ],
    [
      'a body field beside a legal profile field',
      AppError.validation([
        { path: 'body.customer_address', message: 'is required' },
        { path: 'workspace.legal_profile.address', message: 'is required' },
      ]),
      true,
    ],
    ['body fields only', AppError.validation([{ path: 'body.customer_name', message: 'is required' }]), false],
    ['another kind', new AppError('forbidden', 'The workspace plan does not include recurring invoices.'), false],
    ['not an application error', new Error('workspace.legal_profile'), false],
  ];
  for (const [what, e, expected] of cases) t.is(refusesWorkspaceData(e), expected, what);
});
