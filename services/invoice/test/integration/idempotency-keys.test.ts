import { createUnaryClient, type UnaryClient } from '@invoice-platform/common/grpc/client';
import { loadService } from '@invoice-platform/common/grpc/protos';
import { Platform } from '@invoice-platform/test-support/platform';
import test from 'ava';
import mongoose from 'mongoose';

// Idempotency-Keys as the invoice service keeps them on its invoices (docs/architecture.md#idempotency),
// called over gRPC as the gateway calls it. The invoice's stored fields are read and aged in its
// database, since a day cannot be waited for.

const platform = new Platform({ invoices: true });
let invoice: UnaryClient;
let conn: mongoose.Connection;

test.before(async () => {
  await platform.start();
  invoice = createUnaryClient(
    loadService('invoiceplatform/invoice/v1/invoice.proto', 'invoiceplatform.invoice.v1.InvoiceService'),
    platform.invoiceAddr,
  );
  conn = await mongoose
    .createConnection(platform.stack.MONGODB_URI!, { dbName: `invoice_test_${platform.runId}` })
    .asPromise();
});

test.after.always(async () => {
  invoice?.close();
  await conn?.close();
  await platform.stop();
});

interface Generated {
  id: string;
  replayed: boolean;
}

const invoices = () => conn.collection<{ _id: string; idempotency_scope: string; created_at: Date }>('invoices');

function generate(workspaceId: string, customer: string, key?: string): Promise<Generated> {
  return invoice.call<Generated>(
    'GenerateInvoice',
    {
      workspace_id: workspaceId,
      source: 'api',
      customer_name: customer,
      items: [{ description: 'Design', quantity: '1', price: '100' }],
      ...(key ? { idempotency_key: key, request_fingerprint: `fp-${customer}` } : {}),
    },
    30_000,
  );
}

test.serial(
  'GenerateInvoice: an Idempotency-Key spelling an internal form (none:{id}, expired:{id}) is an ordinary key',
  async (t) => {
    const api = await platform.client('enterprise', 10);
    const ws = api.workspaceId;
    // Stored without a key: its scope is none:{id}.
    const keyless = await generate(ws, 'A');
    // Stored with a key, then aged past the 24 hours a key is kept: the next use of the key
    // retires it to expired:{id}.
    const keyed = await generate(ws, 'B', 'order-1');
    await invoices().updateOne({ _id: keyed.id }, { $set: { created_at: new Date(Date.now() - 25 * 3_600_000) } });
    const renewed = await generate(ws, 'B', 'order-1');
    t.false(renewed.replayed, 'a key older than 24 hours is free again');
    t.not(renewed.id, keyed.id);

    for (const key of [`expired:${keyed.id}`, `none:${keyless.id}`]) {
      const made = await generate(ws, `C ${key}`, key);
      t.false(made.replayed, key);
      t.not(made.id, keyless.id, key);
      t.not(made.id, keyed.id, key);
      const again = await generate(ws, `C ${key}`, key);
      t.true(again.replayed, `${key} replays its own invoice`);
      t.is(again.id, made.id, key);
    }
    t.is((await platform.credits(ws)).credits_remaining, 5, 'five invoices, one credit each');
  },
);

test.serial(
  'GenerateInvoice: a key stored before keys had their namespace (its bare text) still replays',
  async (t) => {
    const api = await platform.client('enterprise', 5);
    const ws = api.workspaceId;
    const first = await generate(ws, 'D', 'legacy-1');
    // As a release before the namespace stored it.
    await invoices().updateOne({ _id: first.id }, { $set: { idempotency_scope: 'legacy-1' } });
    const again = await generate(ws, 'D', 'legacy-1');
    t.true(again.replayed);
    t.is(again.id, first.id);
    // A different body under that key is refused as before.
    const err = await t.throwsAsync(generate(ws, 'E', 'legacy-1'));
    t.regex(String(err), /different request body/);
    t.is((await platform.credits(ws)).credits_remaining, 4);
  },
);
