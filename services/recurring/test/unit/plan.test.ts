import test from 'ava';
import { planIncludesRecurring, planLapse } from '../../src/domain/plan.ts';

test('planIncludesRecurring: the feature and an active plan', (t) => {
  t.true(planIncludesRecurring({ features: ['api', 'recurring'], plan_state: 'active' }));
  t.false(planIncludesRecurring({ features: ['api'], plan_state: 'active' }));
  t.false(planIncludesRecurring({ features: ['api', 'recurring'], plan_state: 'suspended' }));
});

test('planLapse: none under a plan with recurring invoices; downgraded, or ended (the workspace gone too)', (t) => {
  t.is(planLapse({ features: ['recurring'], plan_state: 'active' }), null);
  t.is(planLapse({ features: ['api'], plan_state: 'active' }), 'plan_downgrade');
  t.is(planLapse({ features: ['recurring'], plan_state: 'suspended' }), 'plan_ended');
  t.is(planLapse({ features: [], plan_state: 'cancelled' }), 'plan_ended');
  t.is(planLapse(null), 'plan_ended');
});
