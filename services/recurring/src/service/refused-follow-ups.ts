import type { ServiceClock } from '@invoice-platform/common/clock';
import type { AppError } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import type { Mailer } from '@invoice-platform/common/mail';
import { stableMessageId } from '@invoice-platform/common/message-id';
import { pausedMail, refusalPause, refusalPauses, refusalText } from '../domain/follow-up-check.ts';
import type { SeriesDoc } from '../domain/records.ts';
import { seriesPausedEvent } from '../domain/series-events.ts';
import type { OccurrenceStore } from '../store/occurrences.ts';
import type { SeriesStore } from '../store/series.ts';
import type { AccountsClient } from './peers.ts';

export interface RefusedFollowUpsDeps {
  series: SeriesStore;
  occurrences: OccurrenceStore;
  /** Wakes the outbox relay after a pause wrote recurring.paused. */
  notifyOutbox: () => void;
  accounts: AccountsClient;
  mailer: Mailer;
  clock: ServiceClock;
  log: Logger;
  /** The right side of the notice's Message-ID: MAIL_FROM's domain. */
  messageIdDomain: string;
  /** RECURRING_PAUSE_AFTER_REFUSALS: the try of a follow-up whose refusal pauses its series. */
  pauseAfter: number;
  /** A pause whose notice is still pending this long after it (its worker died) is noticed again. */
  noticeAfterMs: number;
}

/**
 * A series whose follow-up keeps being refused for the workspace's own data
 * (docs/architecture.md#recurring) is paused after a bounded number of tries, with the refusal as
 * its reason, and its owner is told by email and by the opt-in event recurring.paused, instead of the follow-up being retried every 6 hours
 * forever with nobody billed and nobody told. Resuming it (after the fix) is the owner's move.
 */
export class RefusedFollowUps {
  private readonly deps: RefusedFollowUpsDeps;

  constructor(deps: RefusedFollowUpsDeps) {
    this.deps = deps;
  }

  /**
   * After a follow-up of `series` failed with `err` on its `attempts`th try: pauses the series when
   * that is a refusal on the bounded try (domain/follow-up-check.ts refusalPauses), then tells the
   * owner. True when this call paused it.
   */
  async afterFailure(series: SeriesDoc, attempts: number, err: unknown): Promise<boolean> {
    if (!refusalPauses(err, attempts, this.deps.pauseAfter)) return false;
    const message = refusalText(err as AppError);
    const { after } = await this.deps.series.change(
      series.workspace_id,
      series._id,
      (current) => this.deps.occurrences.ofSeries(current._id),
      (current) => refusalPause(current, message),
      this.deps.clock.now(),
      false,
      // recurring.paused, in the same write as the pause (docs/contracts.md §5).
      (paused, occurrences) => [seriesPausedEvent(paused, occurrences)],
    );
    if (!after) return false;
    this.deps.notifyOutbox();
    this.deps.log.warn(
      { series_id: series._id, workspace_id: series.workspace_id, attempts, reason: message },
      'series paused: its follow-ups are refused',
    );
    await this.notify(after);
    return true;
  }

  /** Sends the notices of pauses whose worker died before sending them (at least once, one Message-ID). */
  async notifyLeftBehind(): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - this.deps.noticeAfterMs);
    let sent = 0;
    for (const series of await this.deps.series.pendingPauseNotices(before)) if (await this.notify(series)) sent++;
    return sent;
  }

  /**
   * Emails the owner address accounts knows for the workspace (an operator sets it, README
   * "Dashboard operations"), then marks the notice sent. A failure is logged and left pending, for
   * a later pass; a workspace without an owner address has nobody to mail, which is logged.
   */
  private async notify(series: SeriesDoc): Promise<boolean> {
    try {
      const ws = await this.deps.accounts.call('GetWorkspace', { workspace_id: series.workspace_id });
      if (ws.owner_email) {
        const mail = pausedMail({
          workspaceName: ws.name,
          seriesId: series._id,
          customerName: series.customer_name,
          invoiceNumber: series.invoice_number,
          tries: this.deps.pauseAfter,
          message: series.paused_message ?? '',
        });
        await this.deps.mailer.send({
          // One per pause: a notice sent again after a crash has the same Message-ID.
          messageId: stableMessageId(['series-paused', series._id, String(series.version)], this.deps.messageIdDomain),
          to: ws.owner_email,
          subject: mail.subject,
          text: mail.text,
        });
      } else {
        this.deps.log.warn(
          { series_id: series._id, workspace_id: series.workspace_id },
          'no owner email; pause not mailed',
        );
      }
      await this.deps.series.markPauseNoticed(series._id);
      return true;
    } catch (err) {
      this.deps.log.warn({ series_id: series._id, err: (err as Error).message }, 'pause notice not sent; will retry');
      return false;
    }
  }
}
