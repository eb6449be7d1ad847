import { AppError } from '@invoice-platform/common/errors';
import test from 'ava';
import type { Plan } from '../../src/domain/plans.ts';
import {
  type Catalogue,
  listTemplates,
  resolveTemplate,
  serviceDefaultTemplateId,
  systemTemplates,
  type TemplateDef,
} from '../../src/domain/templates.ts';

const ws = (id: string, name: string, min_plan: Plan): TemplateDef => ({ id, name, kind: 'workspace', min_plan });

const catalogue = (over: Partial<Catalogue> = {}): Catalogue => ({
  system: systemTemplates,
  workspace: [ws('tpl_b', 'Brand', 'business'), ws('tpl_a', 'Agency', 'professional')],
  serviceDefaultId: serviceDefaultTemplateId,
  ...over,
});

// [case, catalogue, plan, requested, expected TemplateInfo (or null)]
const cases: [string, Catalogue, Plan, string | undefined, ReturnType<typeof resolveTemplate>][] = [
  [
    'none given, no workspace default: service default',
    catalogue(),
    'professional',
    undefined,
    { id: 'classic', name: 'Classic', source: 'system_default' },
  ],
  [
    'empty string counts as not given',
    catalogue(),
    'professional',
    '',
    { id: 'classic', name: 'Classic', source: 'system_default' },
  ],
  [
    'none given: the workspace default',
    catalogue({ workspaceDefaultId: 'tpl_a' }),
    'professional',
    undefined,
    { id: 'tpl_a', name: 'Agency', source: 'company_default' },
  ],
  [
    'workspace default may be a system template',
    catalogue({ workspaceDefaultId: 'modern' }),
    'specialist',
    undefined,
    { id: 'modern', name: 'Modern', source: 'company_default' },
  ],
  [
    'workspace default above the plan: first usable',
    catalogue({ workspaceDefaultId: 'tpl_b' }),
    'specialist',
    undefined,
    { id: 'classic', name: 'Classic', source: 'fallback' },
  ],
  [
    'workspace default exactly at the plan',
    catalogue({ workspaceDefaultId: 'tpl_b' }),
    'business',
    undefined,
    { id: 'tpl_b', name: 'Brand', source: 'company_default' },
  ],
  [
    'workspace default that no longer exists: service default',
    catalogue({ workspaceDefaultId: 'tpl_gone' }),
    'free',
    undefined,
    { id: 'classic', name: 'Classic', source: 'system_default' },
  ],
  [
    'requested and usable',
    catalogue({ workspaceDefaultId: 'tpl_a' }),
    'specialist',
    'modern',
    { id: 'modern', name: 'Modern', source: 'requested' },
  ],
  [
    'requested one plan below its min_plan: fallback',
    catalogue(),
    'professional',
    'modern',
    { id: 'classic', name: 'Classic', source: 'fallback' },
  ],
  [
    'requested on enterprise (top plan)',
    catalogue(),
    'enterprise',
    'tpl_b',
    { id: 'tpl_b', name: 'Brand', source: 'requested' },
  ],
  [
    'requested workspace template on free: fallback to Classic (free)',
    catalogue(),
    'free',
    'tpl_a',
    { id: 'classic', name: 'Classic', source: 'fallback' },
  ],
  [
    'service default not usable: the first usable in list order',
    catalogue({
      system: [{ ...systemTemplates[0]!, min_plan: 'business' }, systemTemplates[1]!],
    }),
    'specialist',
    undefined,
    { id: 'modern', name: 'Modern', source: 'fallback' },
  ],
  [
    'fallback may land on a workspace template',
    catalogue({
      system: systemTemplates.map((t) => ({ ...t, min_plan: 'enterprise' as Plan })),
    }),
    'professional',
    'modern',
    { id: 'tpl_a', name: 'Agency', source: 'fallback' },
  ],
  [
    'nothing usable: plain layout (null)',
    catalogue({
      system: systemTemplates.map((t) => ({ ...t, min_plan: 'professional' as Plan })),
      workspace: [],
    }),
    'free',
    undefined,
    null,
  ],
  [
    'nothing usable with a request: null too',
    catalogue({
      system: systemTemplates.map((t) => ({ ...t, min_plan: 'enterprise' as Plan })),
      workspace: [ws('tpl_x', 'X', 'enterprise')],
    }),
    'business',
    'tpl_x',
    null,
  ],
];

for (const [name, cat, plan, requested, expected] of cases) {
  test(`resolve: ${name}`, (t) => {
    t.deepEqual(resolveTemplate(cat, plan, requested), expected);
  });
}

test('resolve: an unknown requested id is a ValidationError on "template"', (t) => {
  const err = t.throws(() => resolveTemplate(catalogue(), 'enterprise', 'tpl_nope'));
  t.true(AppError.isKind(err, 'validation'));
  t.is((err as AppError).status, 400);
  t.deepEqual(
    ((err as AppError).details?.errors as { path: string }[]).map((e) => e.path),
    ['body.template'],
  );
});

test('resolve: another workspace template id is unknown here', (t) => {
  t.throws(() => resolveTemplate(catalogue({ workspace: [] }), 'enterprise', 'tpl_a'), { instanceOf: AppError });
});

test('list: system first (service default first), then workspace by name; available by plan', (t) => {
  const list = listTemplates(catalogue({ workspaceDefaultId: 'tpl_b' }), 'professional');
  t.deepEqual(
    list.map((l) => [l.id, l.available, l.system_default, l.workspace_default, l.kind, l.min_plan]),
    [
      ['classic', true, true, false, 'system', 'free'],
      ['modern', false, false, false, 'system', 'specialist'],
      ['tpl_a', true, false, false, 'workspace', 'professional'],
      ['tpl_b', false, false, true, 'workspace', 'business'],
    ],
  );
});

test('list: Modern becomes available from specialist up', (t) => {
  const available = (plan: Plan) => listTemplates(catalogue(), plan).find((l) => l.id === 'modern')!.available;
  t.deepEqual((['free', 'professional', 'specialist', 'business', 'enterprise'] as Plan[]).map(available), [
    false,
    false,
    true,
    true,
    true,
  ]);
});

test('list: a dangling workspace default marks nothing', (t) => {
  t.false(listTemplates(catalogue({ workspaceDefaultId: 'tpl_gone' }), 'free').some((l) => l.workspace_default));
});
