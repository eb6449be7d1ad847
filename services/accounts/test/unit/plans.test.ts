import test from 'ava';
import {
  apiAccessRefusal,
  defaultApiKeyLimits,
  newApiKeyRefusal,
  parseApiKeyLimits,
  planFeatures,
  recurringLossReason,
  validateTimeZone,
} from '../../src/domain/plans.ts';

const cases: [string, Parameters<typeof apiAccessRefusal>[0], RegExp | null][] = [
  ['professional active with api', { plan: 'professional', plan_state: 'active', features: ['api'] }, null],
  ['enterprise active', { plan: 'enterprise', plan_state: 'active', features: ['api', 'recurring'] }, null],
  ['free plan', { plan: 'free', plan_state: 'active', features: ['api'] }, /free plan/],
  ['suspended', { plan: 'business', plan_state: 'suspended', features: ['api'] }, /suspended/],
  ['expired', { plan: 'business', plan_state: 'expired', features: ['api'] }, /expired/],
  [
    'no api feature',
    { plan: 'business', plan_state: 'active', features: ['recurring'] },
    /does not include API access/,
  ],
];
for (const [title, ws, expected] of cases) {
  test(`apiAccessRefusal: ${title}`, (t) => {
    const refusal = apiAccessRefusal(ws);
    if (expected === null) t.is(refusal, null);
    else t.regex(refusal ?? '', expected);
  });
}

test('planFeatures: recurring from specialist up, no api on free', (t) => {
  t.deepEqual(planFeatures('free'), []);
  t.deepEqual(planFeatures('professional'), ['api']);
  for (const plan of ['specialist', 'business', 'enterprise'] as const)
    t.deepEqual(planFeatures(plan), ['api', 'recurring']);
});

test('api key limits follow docs/architecture.md#plans and accept operator overrides', (t) => {
  t.deepEqual(defaultApiKeyLimits, { free: 0, professional: 3, specialist: 5, business: 10, enterprise: 20 });
  t.is(parseApiKeyLimits('{"professional":7}').professional, 7);
  t.is(parseApiKeyLimits(undefined).enterprise, 20);
  t.throws(() => parseApiKeyLimits('{"gold":3}'));
  t.throws(() => parseApiKeyLimits('{"business":-1}'));
});

const active = (plan: string, features: string[]) =>
  ({ plan, plan_state: 'active', features }) as Parameters<typeof recurringLossReason>[0];
const lossCases: [
  string,
  Parameters<typeof recurringLossReason>[0],
  Parameters<typeof recurringLossReason>[1],
  ReturnType<typeof recurringLossReason>,
][] = [
  [
    'business → professional is a downgrade',
    active('business', ['api', 'recurring']),
    active('professional', ['api']),
    'plan_downgrade',
  ],
  ['business → free ends the plan', active('business', ['api', 'recurring']), active('free', []), 'plan_ended'],
  [
    'business expired ends the plan',
    active('business', ['api', 'recurring']),
    { plan: 'business', plan_state: 'expired', features: ['api', 'recurring'] },
    'plan_ended',
  ],
  [
    'business → enterprise keeps recurring',
    active('business', ['api', 'recurring']),
    active('enterprise', ['api', 'recurring']),
    null,
  ],
  ['professional → free never had recurring', active('professional', ['api']), active('free', []), null],
];
for (const [title, before, after, expected] of lossCases) {
  test(`recurringLossReason: ${title}`, (t) => t.is(recurringLossReason(before, after), expected));
}

test('validateTimeZone accepts IANA zones and refuses others', (t) => {
  t.is(validateTimeZone('Asia/Jakarta'), 'Asia/Jakarta');
  t.throws(() => validateTimeZone('Mars/Olympus'));
});

test('newApiKeyRefusal: free has no keys; a paid plan refuses at its limit, also when already above it', (t) => {
  t.is(newApiKeyRefusal('free', 0, 0)?.kind, 'forbidden');
  t.is(newApiKeyRefusal('professional', 3, 2), null);
  const atLimit = newApiKeyRefusal('professional', 3, 3);
  t.is(atLimit?.kind, 'application');
  t.regex(atLimit!.message, /at most 3 active API keys/);
  t.deepEqual(atLimit!.details, { limit: 3 });
  t.is(newApiKeyRefusal('professional', 3, 5)?.kind, 'application', 'downgraded below its keys');
});
