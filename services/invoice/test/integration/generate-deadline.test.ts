import { createUnaryClient, type UnaryClient } from '@invoice-platform/common/grpc/client';
import { loadService } from '@invoice-platform/common/grpc/protos';
import test from 'ava';
import { Platform, waitFor } from '@invoice-platform/test-support/platform';

// The invoice service with its real peers (accounts, pdf) and stack, called over gRPC as the
// gateway and the recurring scheduler call it, with the caller's deadline.

const platform = new Platform({ invoices: true });
let invoice: UnaryClient;

test.before(async () => {
  await platform.start();
  invoice = createUnaryClient(
    loadService('invoiceplatform/invoice/v1/invoice.proto', 'invoiceplatform.invoice.v1.InvoiceService'),
    platform.invoiceAddr,
  );
});

test.after.always(async () => {
  invoice?.close();
  await platform.stop();
});

const request = (workspaceId: string) => ({
  workspace_id: workspaceId,
  source: 'api',
  customer_name: 'PT Tenggat',
  items: [{ description: 'Design', quantity: '2', price: '150000' }],
});

const total = async (workspaceId: string) =>
  (await invoice.call<{ total: number }>('ListInvoices', { workspace_id: workspaceId, page: 1, page_size: 10 })).total;

test.serial(
  'GenerateInvoice: a caller whose deadline is too close to store the invoice gets an error and finds nothing made',
  async (t) => {
    const api = await platform.client('enterprise', 5);
    // Under the one second the service keeps back for storing: it renders, then gives everything back.
    const err = await t.throwsAsync(invoice.call('GenerateInvoice', request(api.workspaceId), 900));
    t.regex(String(err), /unavailable|nothing was created/i);
    // The service goes on rendering for that call after the caller gave up, then gives the credit
    // back; on a loaded machine that takes a while.
    await waitFor(
      'the credit given back',
      async () => (await platform.credits(api.workspaceId)).credits_remaining === 5,
      60_000,
      200,
    );
    t.is(await total(api.workspaceId), 0, 'no invoice the caller was not told about');

    const made = await invoice.call<{ invoice_number: string }>('GenerateInvoice', request(api.workspaceId), 30_000);
    t.regex(made.invoice_number, /-0001$/, 'the number was given back too');
    t.is(await total(api.workspaceId), 1);
    t.is((await platform.credits(api.workspaceId)).credits_remaining, 4);
  },
);
