import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { AppError } from '@invoice-platform/common/errors';
import { loadService } from '@invoice-platform/common/grpc/protos';
import { createKafka, createProducer, topics } from '@invoice-platform/common/kafka';
import { createLogger } from '@invoice-platform/common/logger';
import test from 'ava';
import type { RenderRequest } from '../../src/domain/document.ts';
import { sampleInvoiceWithBalanceRequest, sampleRenderRequest } from '../../src/domain/sample.ts';
import type { FileInfo } from '../../src/domain/files.ts';
import { pdfText, stackEnv, startTestService, type TestService } from './helpers.ts';
import { waitFor } from '@invoice-platform/test-support/platform';

// A stand-in InvoiceService (the peer, not a dependency): it answers GetRenderInput with the
// invoice's current state and records what RecordPdfResult reports. Kafka, Mongo and Chromium are real.
interface Recorded {
  workspace_id: string;
  invoice_id: string;
  invoice_sequence: number;
  file?: FileInfo | null;
  error?: string;
  result?: string;
}

const ws = 'WSKAFKA001';
const invoiceId = `inv_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
let current: RenderRequest = sampleRenderRequest({
  workspace_id: ws,
  invoice_id: invoiceId,
  status_marking: 'PAID',
  invoice_sequence: 2,
});
let applyNext = true;
const recorded: Recorded[] = [];
const renderInputs: string[] = [];
// An invoice no test renders: its status change, published on our invoice's key (so on the same
// partition, handled in order), reaches GetRenderInput only once every event before it is handled.
const fenceId = `inv_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
let fenceSeen = false;

let server: grpc.Server;
let svc: TestService;
let producer: ReturnType<typeof createProducer>;

test.before(async () => {
  const invoice = loadService('invoiceplatform/invoice/v1/invoice.proto', 'invoiceplatform.invoice.v1.InvoiceService');
  server = new grpc.Server();
  server.addService(invoice.definition, {
    GetRenderInput: (call: grpc.ServerUnaryCall<{ invoice_id: string }, unknown>, cb: grpc.sendUnaryData<unknown>) => {
      // The topic is shared with every other test running meanwhile: their invoices are not ours.
      if (call.request.invoice_id !== invoiceId) {
        if (call.request.invoice_id === fenceId) fenceSeen = true;
        const metadata = new grpc.Metadata();
        metadata.set('app-error-kind', 'not_found');
        cb({ code: grpc.status.NOT_FOUND, details: 'not this test’s invoice', metadata });
        return;
      }
      renderInputs.push(call.request.invoice_id);
      cb(null, current);
    },
    RecordPdfResult: (call: grpc.ServerUnaryCall<Recorded, unknown>, cb: grpc.sendUnaryData<unknown>) => {
      recorded.push(call.request);
      cb(null, { applied: applyNext, pdf_status: call.request.file ? 'ready' : 'failed' });
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  let joined: () => void;
  const joinedPromise = new Promise<void>((r) => (joined = r));
  svc = await startTestService(
    'pdf_rerender',
    { INVOICE_ADDR: `127.0.0.1:${port}` },
    { consumerGroup: `pdf-test-${randomUUID()}`, onConsumerStatus: (up) => up && joined() },
  );
  await joinedPromise;
  producer = createProducer(createKafka('pdf-test', stackEnv().KAFKA_BROKERS!, createLogger('pdf-test', 'silent')));
  await producer.connect();
});

test.after.always(async () => {
  await producer?.disconnect();
  await svc?.stop();
  server?.forceShutdown();
});

async function publish(
  type: string,
  id: string,
  sequence: number,
  objectId = invoiceId,
  data: Record<string, unknown> = {},
): Promise<void> {
  const envelope = {
    id,
    object: 'event',
    type,
    created: new Date().toISOString(),
    workspace_id: ws,
    sequence,
    data: { object: { id: objectId, invoice_status: 'paid' }, previous_status: 'unpaid', ...data },
  };
  await producer.send({
    topic: topics.invoiceLifecycle,
    messages: [{ key: invoiceId, value: JSON.stringify(envelope), headers: { 'event-type': type, 'event-id': id } }],
  });
}

test.serial('status_changed: renders the current state, stores it and reports it', async (t) => {
  await publish('invoice.paid', 'evt_pub_1', 1);
  await publish('invoice.status_changed', 'evt_sc_1', 2);
  const first = await waitFor('the first render recorded', async () => recorded[0]);
  t.is(first.workspace_id, ws);
  t.is(first.invoice_id, invoiceId);
  t.is(first.invoice_sequence, 2);
  t.truthy(first.file);
  t.is(first.file!.status_marking, 'PAID');
  t.is(first.file!.download_name, 'INV-WSSAMPLE01-202503-0007-PAID.pdf');
  t.deepEqual(renderInputs, [invoiceId], 'the public event was ignored');
  const got = await svc.client.call<{ content: Buffer }>('GetFile', {
    workspace_id: ws,
    file_id: first.file!.file_id,
    include_content: true,
  });
  t.regex(pdfText(got.content), /\bPAID\b/);
});

test.serial('redelivered and stale events are dropped; an unapplied result deletes its file', async (t) => {
  await publish('invoice.status_changed', 'evt_sc_1', 2); // same event id again
  await publish('invoice.status_changed', 'evt_sc_old', 2); // new id, sequence already rendered
  current = sampleRenderRequest({
    workspace_id: ws,
    invoice_id: invoiceId,
    status_marking: 'OVERDUE',
    invoice_sequence: 5,
  });
  applyNext = false;
  await publish('invoice.status_changed', 'evt_sc_5', 5);
  const second = await waitFor('the second render recorded', async () => recorded[1]);
  t.is(recorded.length, 2);
  t.is(second.invoice_sequence, 5);
  t.is(second.file!.status_marking, 'OVERDUE');
  // The consumer deletes the file only once RecordPdfResult has answered, after `recorded[1]` appears.
  const getFile = () =>
    svc.client.call('GetFile', { workspace_id: ws, file_id: second.file!.file_id, include_content: false });
  await waitFor('the unapplied file deleted', async () => {
    try {
      await getFile();
      return false;
    } catch (err) {
      if (AppError.isKind(err, 'not_found')) return true;
      throw err;
    }
  });
  const err = await t.throwsAsync(getFile());
  t.true(AppError.isKind(err, 'not_found'), 'the file the invoice service did not take is deleted');
  // Fence: once the consumer reaches an event published after ours on the same partition, it has
  // finished with ours (a failure would have redelivered it before), so no further render is coming.
  await publish('invoice.status_changed', `evt_fence_${randomUUID()}`, 1, fenceId);
  await waitFor('the fence event handled', async () => fenceSeen);
  t.is(recorded.length, 2);
  t.deepEqual(renderInputs, [invoiceId, invoiceId], 'the redelivered and stale events were not rendered');
});

test.serial('a credit note and a recorded payment re-render the invoice, which then lists them', async (t) => {
  applyNext = true;
  current = sampleInvoiceWithBalanceRequest({
    workspace_id: ws,
    invoice_id: invoiceId,
    status_marking: 'UNPAID',
    invoice_sequence: 6,
  });
  // credit_note.created: data.object is the note, data.invoice the invoice (docs/money-trail.md "Events").
  await publish('credit_note.created', 'evt_cn_6', 6, 'cn_thenote', { invoice: { id: invoiceId } });
  const third = await waitFor('the credit note re-render recorded', async () => recorded[2]);
  t.is(third.invoice_id, invoiceId, 'the invoice is rendered, not the note');
  t.is(third.invoice_sequence, 6);
  const text = pdfText(
    (
      await svc.client.call<{ content: Buffer }>('GetFile', {
        workspace_id: ws,
        file_id: third.file!.file_id,
        include_content: true,
      })
    ).content,
  );
  t.regex(text, /CN-WSSAMPLE01-202503-0001/);
  t.regex(text, /Amount due\s+IDR 1,000,000/);

  current = { ...current, invoice_sequence: 7 };
  await publish('invoice.payment_recorded', 'evt_pay_7', 7);
  const fourth = await waitFor('the payment re-render recorded', async () => recorded[3]);
  t.is(fourth.invoice_sequence, 7);
  // A payment that settles the invoice also writes its status change, at the same sequence:
  // rendered once.
  await publish('invoice.status_changed', 'evt_sc_7', 7);
  fenceSeen = false;
  await publish('invoice.status_changed', `evt_fence_${randomUUID()}`, 1, fenceId);
  await waitFor('the fence event handled', async () => fenceSeen);
  t.is(recorded.length, 4);
  t.deepEqual(renderInputs, [invoiceId, invoiceId, invoiceId, invoiceId]);
});
