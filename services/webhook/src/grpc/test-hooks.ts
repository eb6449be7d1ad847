import { AppError } from '@invoice-platform/common/errors';
import type { ServiceClock } from '@invoice-platform/common/clock';
import type { TypedHandlers } from '@invoice-platform/common/grpc/server';
import type { TestHooksDefinition } from '@invoice-platform/protos/invoiceplatform/testhooks/v1/TestHooks';
import type { DeliveryLogs } from '../service/delivery-logs.ts';

function parseTime(value: string, path: string): Date {
  const at = new Date(value);
  if (!value || Number.isNaN(at.getTime())) throw AppError.validation([{ path, message: 'must be an RFC 3339 time' }]);
  return at;
}

/**
 * The webhook service's test hooks (protos/invoiceplatform/testhooks/v1/testhooks.proto): the
 * clock, moved and running on from there, and a purge at another time or retention. main.ts
 * registers them only with WEBHOOK_TEST_HOOKS on.
 */
export function webhookTestHooks(deps: {
  clock: ServiceClock;
  logs: DeliveryLogs;
  retentionDays: number;
}): TypedHandlers<TestHooksDefinition> {
  return {
    async SetClock(req) {
      deps.clock.moveTo(req.now ? parseTime(req.now, 'now') : undefined);
      return { now: deps.clock.now().toISOString(), frozen: deps.clock.moved };
    },

    async PurgeDeliveryLogsAt(req) {
      const at = req.now ? parseTime(req.now, 'now') : deps.clock.now();
      const days = req.retention_days ?? deps.retentionDays;
      if (!Number.isInteger(days) || days < 0)
        throw AppError.validation([{ path: 'retention_days', message: 'must be a non-negative integer' }]);
      const purged = await deps.logs.purge(at, days);
      return { purged_deliveries: purged.deliveries, purged_events: purged.events };
    },
  };
}
