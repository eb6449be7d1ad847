import { AppError } from '@invoice-platform/common/errors';
import type { UnaryClient } from '@invoice-platform/common/grpc/client';
import type { EventEnvelope } from '@invoice-platform/common/kafka';
import { createLogger } from '@invoice-platform/common/logger';
import test from 'ava';
import type { ProcessedEvents } from '@invoice-platform/common/store/processed-events';
import type { RenderRequest } from '../../src/domain/document.ts';
import type { FileInfo } from '../../src/domain/files.ts';
import {
  decideRerender,
  fileToDelete,
  isRetryableRenderError,
  isStale,
  type LifecycleData,
  type RerenderState,
} from '../../src/domain/rerender.ts';
import { sampleRenderRequest } from '../../src/domain/sample.ts';
import type { Documents } from '../../src/service/documents.ts';
import { Rerender } from '../../src/service/rerender.ts';
import type { FileStore } from '../../src/store/files.ts';
import type { RenderStateStore } from '../../src/store/render-states.ts';

const event = (over: Partial<EventEnvelope<LifecycleData>> = {}): EventEnvelope<LifecycleData> => ({
  id: 'evt_1',
  object: 'event',
  type: 'invoice.status_changed',
  created: '2025-03-04T10:15:30.120Z',
  workspace_id: 'WS1',
  sequence: 4,
  data: { object: { id: 'inv_1' }, previous_status: 'unpaid' },
  ...over,
});
const fresh: RerenderState = { processed: false, lastRenderedSequence: undefined, invoiceServiceConfigured: true };

const decisions: [string, EventEnvelope<LifecycleData>, Partial<RerenderState>, ReturnType<typeof decideRerender>][] = [
  ['status_changed renders', event(), {}, { action: 'render', invoiceId: 'inv_1' }],
  ['public events are ignored', event({ type: 'invoice.paid' }), {}, { action: 'skip', reason: 'ignored_type' }],
  [
    'pdf_updated is ignored (no loop)',
    event({ type: 'invoice.pdf_updated' }),
    {},
    { action: 'skip', reason: 'ignored_type' },
  ],
  ['no invoice id', event({ data: {} }), {}, { action: 'skip', reason: 'malformed' }],
  ['no workspace', event({ workspace_id: '' }), {}, { action: 'skip', reason: 'malformed' }],
  [
    'INVOICE_ADDR empty',
    event(),
    { invoiceServiceConfigured: false },
    { action: 'skip', reason: 'no_invoice_service' },
  ],
  ['same event id again', event(), { processed: true }, { action: 'skip', reason: 'duplicate' }],
  [
    'older sequence than rendered',
    event({ sequence: 3 }),
    { lastRenderedSequence: 5 },
    { action: 'skip', reason: 'stale' },
  ],
  [
    'equal sequence already rendered',
    event({ sequence: 5 }),
    { lastRenderedSequence: 5 },
    { action: 'skip', reason: 'stale' },
  ],
  [
    'newer sequence renders',
    event({ sequence: 6 }),
    { lastRenderedSequence: 5 },
    { action: 'render', invoiceId: 'inv_1' },
  ],
  [
    'no sequence on the event renders',
    event({ sequence: undefined }),
    { lastRenderedSequence: 5 },
    { action: 'render', invoiceId: 'inv_1' },
  ],
  // A credit note or a recorded payment changes what the invoice's PDF lists (docs/money-trail.md).
  [
    'credit_note.created renders the invoice it names in data.invoice, not the note',
    event({ type: 'credit_note.created', data: { object: { id: 'cn_1' }, invoice: { id: 'inv_1' } } }),
    {},
    { action: 'render', invoiceId: 'inv_1' },
  ],
  [
    'credit_note.created without data.invoice',
    event({ type: 'credit_note.created', data: { object: { id: 'cn_1' } } }),
    {},
    { action: 'skip', reason: 'malformed' },
  ],
  [
    'invoice.payment_recorded renders',
    event({ type: 'invoice.payment_recorded', data: { object: { id: 'inv_1' } } }),
    {},
    { action: 'render', invoiceId: 'inv_1' },
  ],
  [
    'the status change a closing credit note also writes, at the same sequence, is stale',
    event({ sequence: 6 }),
    { lastRenderedSequence: 6 },
    { action: 'skip', reason: 'stale' },
  ],
];
for (const [name, e, state, expected] of decisions) {
  test(`decide: ${name}`, (t) => t.deepEqual(decideRerender(e, { ...fresh, ...state }), expected));
}

test('stale and file-to-delete rules', (t) => {
  t.false(isStale(1, undefined));
  t.true(isStale(2, 2));
  const file = { file_id: 'pdf_1' } as FileInfo;
  t.is(fileToDelete(file, false), file);
  t.is(fileToDelete(file, true), undefined);
  t.is(fileToDelete(undefined, false), undefined);
  t.true(isRetryableRenderError(new AppError('application', 'x')));
  t.false(isRetryableRenderError(AppError.validation([])));
  // Over a cap: the same document is refused again, however often it is rendered.
  t.false(isRetryableRenderError(new AppError('application', 'x', { limit: 'pages' })));
  t.false(isRetryableRenderError(new AppError('application', 'x', { limit: 'output_bytes' })));
});

// ---- the re-render's flow, with in-memory fakes of its collaborators ----

function harness(
  opts: {
    applied?: boolean;
    renderFails?: number;
    invoiceMissing?: boolean;
    recordFails?: boolean;
    renderError?: AppError;
  } = {},
) {
  const calls: { method: string; request: Record<string, unknown> }[] = [];
  const deleted: string[] = [];
  const processed = new Set<string>();
  const sequences = new Map<string, number>();
  let renders = 0;
  const input: RenderRequest = sampleRenderRequest({ workspace_id: 'WS1', invoice_id: 'inv_1', invoice_sequence: 5 });
  const invoice = {
    call: async (method: string, request: Record<string, unknown>) => {
      calls.push({ method, request });
      if (method === 'GetRenderInput') {
        if (opts.invoiceMissing) throw new AppError('not_found', 'no invoice');
        return input;
      }
      if (opts.recordFails) throw new AppError('unavailable', 'down');
      return { applied: opts.applied ?? true, pdf_status: 'ready' };
    },
  } as unknown as UnaryClient;
  const documents = {
    render: async () => {
      renders++;
      if (renders <= (opts.renderFails ?? 0))
        throw opts.renderError ?? new AppError('application', 'The PDF could not be generated.');
      return { file: { file_id: `pdf_${renders}`, workspace_id: 'WS1' } as FileInfo, render_ms: 1 };
    },
  } as unknown as Documents;
  const files = { delete: async (_ws: string, id: string) => (deleted.push(id), true) } as unknown as FileStore;
  const processedEvents = {
    has: async (id: string) => processed.has(id),
    record: async (id: string) => !processed.has(id) && Boolean(processed.add(id)),
  } as unknown as ProcessedEvents;
  const renderStates = {
    lastRenderedSequence: async (id: string) => sequences.get(id),
    recordRenderedSequence: async (_ws: string, id: string, seq: number) => void sequences.set(id, seq),
  } as unknown as RenderStateStore;
  const rerender = new Rerender({
    documents,
    files,
    renderStates,
    processed: processedEvents,
    invoice,
    log: createLogger('test', 'silent'),
    retryDelaysMs: [1, 1],
  });
  return { rerender, calls, deleted, processed, sequences, renders: () => renders };
}

test('rerender: renders the current state and records the file', async (t) => {
  const h = harness();
  await h.rerender.onLifecycleEvent(event());
  t.deepEqual(
    h.calls.map((c) => c.method),
    ['GetRenderInput', 'RecordPdfResult'],
  );
  t.deepEqual(h.calls[0]!.request, { workspace_id: 'WS1', invoice_id: 'inv_1' });
  t.like(h.calls[1]!.request, {
    workspace_id: 'WS1',
    invoice_id: 'inv_1',
    invoice_sequence: 5,
    file: { file_id: 'pdf_1' },
  });
  t.deepEqual(h.deleted, []);
  t.true(h.processed.has('evt_1'));
  t.is(h.sequences.get('inv_1'), 5);
});

test('rerender: a redelivered event does nothing', async (t) => {
  const h = harness();
  await h.rerender.onLifecycleEvent(event());
  await h.rerender.onLifecycleEvent(event());
  t.is(h.renders(), 1);
});

test('rerender: an older event after a newer render is dropped', async (t) => {
  const h = harness();
  await h.rerender.onLifecycleEvent(event({ id: 'evt_2', sequence: 4 }));
  await h.rerender.onLifecycleEvent(event({ id: 'evt_3', sequence: 5 }));
  t.is(h.renders(), 1);
  t.true(h.processed.has('evt_3'));
});

test('rerender: not applied by the invoice service: the file is deleted', async (t) => {
  const h = harness({ applied: false });
  await h.rerender.onLifecycleEvent(event());
  t.deepEqual(h.deleted, ['pdf_1']);
});

test('rerender: retries the render, then reports the error', async (t) => {
  const ok = harness({ renderFails: 2 });
  await ok.rerender.onLifecycleEvent(event());
  t.is(ok.renders(), 3);
  t.like(ok.calls[1]!.request, { file: { file_id: 'pdf_3' } });

  const failed = harness({ renderFails: 9 });
  await failed.rerender.onLifecycleEvent(event());
  t.is(failed.renders(), 3);
  t.like(failed.calls[1]!.request, { error: 'The PDF could not be generated.' });
  t.is(failed.calls[1]!.request.file, undefined);
  t.is(failed.sequences.get('inv_1'), undefined);
});

test('rerender: a template over a cap is reported at once, not rendered again', async (t) => {
  const message = 'The PDF could not be generated: the template produced more than 50 pages, the most a PDF may have.';
  const h = harness({ renderFails: 9, renderError: new AppError('application', message, { limit: 'pages' }) });
  await h.rerender.onLifecycleEvent(event());
  t.is(h.renders(), 1);
  t.like(h.calls[1]!.request, { error: message });
  t.true(h.processed.has('evt_1'));
});

test('rerender: invoice service down at RecordPdfResult: file removed, message retried', async (t) => {
  const h = harness({ recordFails: true });
  await t.throwsAsync(h.rerender.onLifecycleEvent(event()), { instanceOf: AppError });
  t.deepEqual(h.deleted, ['pdf_1']);
  t.false(h.processed.has('evt_1'));
});

test('rerender: an invoice that no longer exists is skipped', async (t) => {
  const h = harness({ invoiceMissing: true });
  await h.rerender.onLifecycleEvent(event());
  t.is(h.renders(), 0);
  t.true(h.processed.has('evt_1'));
});

test('rerender: without INVOICE_ADDR it logs and skips without throwing', async (t) => {
  const h = harness();
  const rerender = new Rerender({
    ...(h.rerender as unknown as { deps: ConstructorParameters<typeof Rerender>[0] }).deps,
    invoice: undefined,
  });
  await t.notThrowsAsync(rerender.onLifecycleEvent(event()));
  t.is(h.renders(), 0);
  t.false(h.processed.has('evt_1'));
});
