import test from 'ava';
import { defaultPlanLimits, parsePlanLimits } from '../../src/http/rate-limit.ts';

test('plan limits default to docs/architecture.md#rate-limits', (t) => {
  t.deepEqual(defaultPlanLimits, { professional: 10, specialist: 20, business: 30, enterprise: 60 });
  t.deepEqual(parsePlanLimits(undefined), defaultPlanLimits);
});

test('plan limits: operator overrides merge (config.test.ts: what the config refuses)', (t) => {
  t.is(parsePlanLimits('{"professional":15}').professional, 15);
  t.is(parsePlanLimits('{"professional":15}').enterprise, 60);
});
