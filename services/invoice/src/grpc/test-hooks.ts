import { AppError } from '@invoice-platform/common/errors';
import type { TypedHandlers } from '@invoice-platform/common/grpc/server';
import type { TestHooksDefinition } from '@invoice-platform/protos/invoiceplatform/testhooks/v1/TestHooks';
import type { OverdueSweep } from '../service/overdue.ts';

/**
 * The invoice service's test hooks (protos/invoiceplatform/testhooks/v1/testhooks.proto): app.ts
 * registers them only with INVOICE_TEST_HOOKS on, so production has no way to sweep at another time.
 */
export function invoiceTestHooks(deps: { overdue: OverdueSweep }): TypedHandlers<TestHooksDefinition> {
  return {
    async RunOverdueSweepAt(req) {
      const at = new Date(req.now);
      if (!req.now || Number.isNaN(at.getTime()))
        throw AppError.validation([{ path: 'now', message: 'must be an RFC 3339 time' }]);
      const ids = await deps.overdue.run(at, req.workspace_id);
      return { marked_overdue: ids.length, invoice_ids: ids };
    },
  };
}
