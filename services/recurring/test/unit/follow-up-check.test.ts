import test from 'ava';
import { AppError } from '@invoice-platform/common/errors';
import {
  editPath,
  editRefusal,
  nextFollowUp,
  pausedMail,
  refusalPause,
  refusalPauses,
  refusalText,
} from '../../src/domain/follow-up-check.ts';
import type { OccurrenceDoc } from '../../src/domain/records.ts';

const paths: [string, string][] = [
  ['body.currency', 'body.currency'],
  ['body.items[0].tax_exemption_reason', 'body.items[0].tax_exemption_reason'],
  ['body.payment_gateway', 'series.payment_gateway'],
  ['body.customer_address.country', 'series.customer_address.country'],
  ['body.buyer_reference', 'series.buyer_reference'],
  ['workspace.legal_profile.address', 'workspace.legal_profile.address'],
  ['body', 'body'],
];
for (const [given, expected] of paths)
  test(`editPath: ${given} reads ${expected} (an edit can change body.* content fields only)`, (t) => {
    t.is(editPath(given), expected);
  });

test('editRefusal: a ValidationError keeps every field, renamed as the edit reads it, in a message that says what to fix', (t) => {
  const refusal = editRefusal(
    AppError.validation([
      { path: 'body.payment_gateway', message: 'midtrans takes only IDR; this invoice is in USD' },
      { path: 'body.currency', message: 'must be EUR' },
    ]),
  );
  t.is(refusal.kind, 'validation');
  t.deepEqual(refusal.details, {
    errors: [
      { path: 'series.payment_gateway', message: 'midtrans takes only IDR; this invoice is in USD' },
      { path: 'body.currency', message: 'must be EUR' },
    ],
  });
  t.regex(refusal.message, /every follow-up of the series fail/);
  t.regex(refusal.message, /series\.payment_gateway midtrans takes only IDR/);
});

test("editRefusal: a refusal of another kind is the generate's own", (t) => {
  const forbidden = new AppError('forbidden', 'The workspace plan does not include recurring invoices.');
  t.is(editRefusal(forbidden), forbidden);
});

const refusal = AppError.validation([
  { path: 'body.payment_gateway', message: 'payment gateway midtrans is not connected' },
]);
const pauses: [string, unknown, number, boolean][] = [
  ['a refusal on the bounded try', refusal, 5, true],
  ['a refusal after it', refusal, 6, true],
  ['a refusal before it', refusal, 4, false],
  ['no credit (402), however often', new AppError('payment_required', 'No credits left.'), 50, false],
  ['a service away (503)', new AppError('unavailable', 'down'), 50, false],
  ['a plain error', new Error('ECONNRESET'), 50, false],
];
for (const [name, err, attempts, expected] of pauses)
  test(`refusalPauses (after 5): ${name} ${expected ? 'pauses' : 'does not pause'}`, (t) => {
    t.is(refusalPauses(err, attempts, 5), expected);
  });

test('refusalText: the fields, as the owner fixes them; the message when none is named', (t) => {
  t.is(refusalText(refusal), 'series.payment_gateway payment gateway midtrans is not connected');
  t.is(refusalText(new AppError('validation', 'Bad.')), 'Bad.');
});

test('refusalPause: an active series is paused with the reason and its notice pending; any other is left', (t) => {
  t.deepEqual(refusalPause({ status: 'active' }, 'why'), {
    status: 'paused',
    paused_reason: 'follow_up_refused',
    paused_message: 'why',
    pause_notice: 'pending',
  });
  for (const status of ['paused', 'completed', 'deleted']) t.is(refusalPause({ status }, 'why'), null, status);
});

const occ = (local_date: string, status: OccurrenceDoc['status'], invoice_id: string | null = null) =>
  ({ _id: local_date, local_date, status, invoice_id }) as OccurrenceDoc;

test('nextFollowUp: the earliest occurrence not generated yet; none when all are', (t) => {
  t.is(
    nextFollowUp([occ('2026-01-01', 'sent', 'inv_1'), occ('2026-03-01', 'pending'), occ('2026-02-01', 'failed')])
      ?.local_date,
    '2026-02-01',
  );
  t.is(nextFollowUp([occ('2026-01-01', 'sent', 'inv_1'), occ('2026-02-01', 'sending', 'inv_2')]), undefined);
});

test('pausedMail: names the series, the workspace, the reason and how to resume', (t) => {
  const { subject, text } = pausedMail({
    workspaceName: 'Acme',
    seriesId: 'rs_1',
    customerName: 'PT Maju',
    invoiceNumber: 'INV-1',
    tries: 5,
    message: 'series.payment_gateway payment gateway midtrans is not connected',
  });
  t.regex(subject, /rs_1 paused/);
  for (const part of ['Acme', 'PT Maju', 'INV-1', '5 times', 'midtrans is not connected', 'resume'])
    t.true(text.includes(part), part);
});
