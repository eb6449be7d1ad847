import test from 'ava';
import type { OccurrenceDoc, SeriesDoc } from '../../src/domain/records.ts';
import { seriesView } from '../../src/domain/series-view.ts';

const series = {
  _id: 'rs_view',
  workspace_id: 'WSVIEW',
  status: 'active',
  paused_reason: null,
  frequency: 'monthly',
  anchor_date: '2027-01-31',
  next_step: 4,
  issue_seconds: 3600,
  requested_end_date: null,
  source_invoice_id: 'inv_1',
  invoice_number: 'INV-WSVIEW-202701-0001',
  customer_name: 'PT View',
  customer_email: 'view@example.test',
  currency: 'IDR',
  amount: '1000',
  document_language: 'en',
  time_zone: 'UTC',
  due_offset_days: 14,
  version: 1,
  created_at: new Date('2027-01-31T01:00:00Z'),
  updated_at: new Date('2027-01-31T01:00:00Z'),
} satisfies SeriesDoc;

const occurrence = (local: string, extra: Partial<OccurrenceDoc>): OccurrenceDoc => ({
  _id: `rs_view:${local}`,
  series_id: 'rs_view',
  workspace_id: 'WSVIEW',
  local_date: local,
  date: new Date(`${local}T01:00:00Z`),
  due_date: new Date(`${local}T00:00:00Z`),
  status: 'pending',
  sent_at: null,
  invoice_id: null,
  invoice_number: null,
  attempts: 0,
  next_attempt_at: new Date(`${local}T01:00:00Z`),
  due_at: new Date(`${local}T01:00:00Z`),
  last_error: null,
  email_sent: false,
  message_id: null,
  ...extra,
});

test('seriesView: an occurrence whose invoice exists counts as generated while its email is still to go out', (t) => {
  const view = seriesView(
    series,
    [
      occurrence('2027-01-31', { status: 'sent', invoice_id: 'inv_1', email_sent: true }),
      occurrence('2027-02-28', { status: 'sent', invoice_id: 'inv_2', email_sent: true }),
      occurrence('2027-03-31', { status: 'failed', invoice_id: 'inv_3', attempts: 1 }),
      occurrence('2027-04-30', {}),
    ],
    true,
  );
  t.like(view, {
    generated_count: 3,
    remaining_count: 2,
    last_run_date: '2027-03-31T01:00:00.000Z',
    next_run_date: '2027-03-31T01:00:00.000Z',
    end_date: '2027-04-30T01:00:00.000Z',
  });
  t.is(view.occurrences[2]!.invoice_id, 'inv_3');
});

test('seriesView: an occurrence being sent (or whose send has no known outcome) is pending to clients and open', (t) => {
  const view = seriesView(
    series,
    [
      occurrence('2027-01-31', { status: 'sent', invoice_id: 'inv_1', email_sent: true }),
      occurrence('2027-02-28', { status: 'sending', invoice_id: 'inv_2', message_id: '<rs_view.2027-02-28@x.test>' }),
    ],
    true,
  );
  t.like(view, { generated_count: 2, remaining_count: 1, next_run_date: '2027-02-28T01:00:00.000Z' });
  t.is(view.occurrences[1]!.status, 'pending');
});

test('seriesView: nothing generated but the first invoice', (t) => {
  const view = seriesView(
    series,
    [occurrence('2027-01-31', { status: 'sent', invoice_id: 'inv_1', email_sent: true }), occurrence('2027-02-28', {})],
    false,
  );
  t.like(view, { generated_count: 1, remaining_count: 1, last_run_date: '2027-01-31T01:00:00.000Z' });
  t.deepEqual(view.occurrences, []);
});
