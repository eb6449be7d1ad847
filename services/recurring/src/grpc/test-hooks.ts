import { AppError } from '@invoice-platform/common/errors';
import type { ServiceClock } from '@invoice-platform/common/clock';
import type { TypedHandlers } from '@invoice-platform/common/grpc/server';
import type { TestHooksDefinition } from '@invoice-platform/protos/invoiceplatform/testhooks/v1/TestHooks';
import type { Scheduler } from '../service/scheduler.ts';
import { schedulerPass } from './handlers.ts';

function parseNow(now: string): Date {
  const at = new Date(now);
  if (!now || Number.isNaN(at.getTime()))
    throw AppError.validation([{ path: 'now', message: 'must be an RFC 3339 time' }]);
  return at;
}

/**
 * The recurring service's test hooks (protos/invoiceplatform/testhooks/v1/testhooks.proto): the
 * clock, frozen where a test puts it. main.ts registers them only with RECURRING_TEST_HOOKS on.
 */
export function recurringTestHooks(deps: {
  clock: ServiceClock;
  scheduler: Scheduler;
}): TypedHandlers<TestHooksDefinition> {
  return {
    async SetClock(req) {
      deps.clock.freezeAt(req.now ? parseNow(req.now) : undefined);
      return { now: deps.clock.now().toISOString(), frozen: deps.clock.moved };
    },

    async RunSchedulerAt(req) {
      deps.clock.freezeAt(parseNow(req.now));
      return schedulerPass(deps.scheduler, req);
    },
  };
}
