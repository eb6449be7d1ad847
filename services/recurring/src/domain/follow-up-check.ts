import { AppError, type FieldError } from '@invoice-platform/common/errors';
import { replaceableNow } from './occurrences.ts';
import type { OccurrenceDoc, SeriesDoc } from './records.ts';
import { contentFields } from './series-content.ts';

/**
 * A series stays billable (docs/architecture.md#recurring): a change to what its follow-ups are
 * made from is checked as the generate of its next follow-up would be (the invoice service's
 * CheckGenerate, so the rules are the generate's own, never a copy), and refused when that
 * generate would be.
 */

/** The occurrence whose follow-up would be generated next: the first not generated yet; undefined when none is left. */
export function nextFollowUp<O extends OccurrenceDoc>(occurrences: readonly O[]): O | undefined {
  return [...occurrences].filter(replaceableNow).sort((a, b) => a.local_date.localeCompare(b.local_date))[0];
}

/**
 * The path of a generate refusal as the operator editing the series reads it: `body.<field>` of a
 * field the edit sets stays, a field the series keeps from its first invoice (its payment
 * gateway, its e-invoice format and buyer data) becomes `series.<field>`, and the workspace's own
 * data (`workspace.legal_profile…`) stays as it is.
 */
export function editPath(path: string): string {
  const match = /^body\.([a-z_]+)(.*)$/.exec(path);
  if (!match) return path;
  const [, field, rest] = match;
  return (contentFields as readonly string[]).includes(field!) ? path : `series.${field}${rest}`;
}

/**
 * The edit's refusal when the next follow-up's generate would be refused: a ValidationError naming
 * each field, whose message says the follow-ups would fail and why. A refusal of another kind
 * (the plan, a template) is the generate's own, as it is.
 */
export function editRefusal(err: AppError): AppError {
  if (err.kind !== 'validation') return err;
  const errors = ((err.details?.errors ?? []) as FieldError[]).map((e) => ({ ...e, path: editPath(e.path) }));
  const reasons = errors.length > 0 ? errors.map((e) => `${e.path} ${e.message}`).join('; ') : err.message;
  return AppError.validation(
    errors,
    `The edit would make every follow-up of the series fail, so it was not applied: ${reasons}. ` +
      'Change the edit (or the workspace data named) so that a follow-up can be generated.',
  );
}

/** The paused_reason of a series paused because its follow-ups kept being refused. */
export const REFUSED_REASON = 'follow_up_refused';

/**
 * Whether a follow-up's failure pauses its series: a refusal of the generate over the request or
 * the workspace's own data (a ValidationError: a payment gateway disconnected, a legal profile
 * thinned, a currency the provider cannot take), on the `pauseAfter`th try or later. Anything else
 * (no credit, a service away) is retried with backoff, as before: it can end without anyone
 * changing the series.
 */
export function refusalPauses(err: unknown, attempts: number, pauseAfter: number): boolean {
  return AppError.isKind(err, 'validation') && attempts >= pauseAfter;
}

/** The refusal as the series and its owner read it: the generate's field errors, else its message. */
export function refusalText(err: AppError): string {
  const errors = (err.details?.errors ?? []) as FieldError[];
  const text = errors.length > 0 ? errors.map((e) => `${editPath(e.path)} ${e.message}`).join('; ') : err.message;
  return text.slice(0, 1000);
}

/** The automatic pause of an active series whose follow-ups are refused; null for one that is not active. */
export function refusalPause(series: { status: string }, message: string): Partial<SeriesDoc> | null {
  return series.status === 'active'
    ? { status: 'paused', paused_reason: REFUSED_REASON, paused_message: message, pause_notice: 'pending' }
    : null;
}

/**
 * The email telling the workspace's owner that a series was paused (English: it is the operator's,
 * as the webhook deactivation notice is), and what to fix before resuming it.
 */
export function pausedMail(input: {
  workspaceName: string;
  seriesId: string;
  customerName: string;
  invoiceNumber: string;
  /** How many times its follow-up was refused before the pause. */
  tries: number;
  message: string;
}): { subject: string; text: string } {
  return {
    subject: `Recurring series ${input.seriesId} paused: its invoices could not be generated`,
    text: [
      `The recurring series ${input.seriesId} of workspace "${input.workspaceName}" (customer ${input.customerName}, ` +
        `first invoice ${input.invoiceNumber}) was paused automatically.`,
      '',
      `Its next invoice was refused ${input.tries} times in a row, for this reason:`,
      input.message,
      '',
      'No further invoice of the series is generated until it is resumed. Correct what is named above ' +
        '(the series content, the payment connection or the legal profile), then resume the series ' +
        `(PUT /api/invoices/external/recurring/${input.seriesId}/status with {"status":"active"}).`,
    ].join('\n'),
  };
}
