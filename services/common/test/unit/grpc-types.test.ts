import test from 'ava';
import type { InvoiceServiceDefinition } from '@invoice-platform/protos/invoiceplatform/invoice/v1/InvoiceService';
import type { TypedClient } from '../../src/grpc/client.ts';
import type { TypedHandlers } from '../../src/grpc/server.ts';

/**
 * Compile-time checks: `tsc` (run by the test command) fails if any line marked
 * @ts-expect-error compiles, so each marks a mistake the generated types must catch.
 */
function mistakes(client: TypedClient<InvoiceServiceDefinition>): TypedHandlers<InvoiceServiceDefinition> {
  // @ts-expect-error a method the service does not have
  void client.call('GetInvoise', { workspace_id: 'ws', invoice_id: 'inv' });
  // @ts-expect-error a field the request does not have
  void client.call('GetInvoice', { workspace_id: 'ws', invoice: 'inv' });
  // @ts-expect-error a field of the wrong type
  void client.call('ListInvoices', { workspace_id: 'ws', page: 'one' });
  return {
    // @ts-expect-error a handler for a method the service does not have
    GetInvoise: async () => ({}),
  };
}

/** What compiles: the messages as the proto declares them. */
async function rightUse(client: TypedClient<InvoiceServiceDefinition>): Promise<string> {
  const invoice = await client.call('GetInvoice', { workspace_id: 'ws', invoice_id: 'inv' });
  return invoice.invoice_number;
}

test('typed gRPC: the generated definitions type clients and handlers (checked by tsc above)', (t) => {
  t.is(typeof mistakes, 'function');
  t.is(typeof rightUse, 'function');
});
