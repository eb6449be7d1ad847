import type { Logger } from '@invoice-platform/common/logger';
import type { Mailer } from '@invoice-platform/common/mail';
import type { DeliveryDoc } from '../domain/deliveries.ts';
import type { Endpoint } from '../domain/endpoints.ts';
import { noticeMessage, noticeMessageId, type NoticeResult } from '../domain/notices.ts';
import type { DeliveryStore } from '../store/deliveries.ts';
import type { ServiceClock } from '@invoice-platform/common/clock';
import type { AccountsClient } from './peers.ts';

export interface NotifierDeps {
  deliveries: DeliveryStore;
  accounts: AccountsClient;
  mailer: Mailer;
  clock: ServiceClock;
  /** How long a sender holds a notice it is trying (as for deliveries). */
  leaseMs: number;
  /** The right side of the notices' Message-IDs: the domain of the From address. */
  messageIdDomain: string;
  log: Logger;
}

const maxBackoffMs = 3_600_000;

/**
 * Deactivation emails (docs/architecture.md#webhooks): one notice per deactivation (unique id
 * `${endpoint}:${epoch}`), leased by the sender trying it (so replicas never send it twice at
 * once; a sender that died leaves it due again after the lease), retried with backoff while SMTP
 * or accounts is unavailable. Sent at least once, every copy under the notice's one Message-ID.
 */
export class Notifier {
  private readonly deps: NotifierDeps;

  constructor(deps: NotifierDeps) {
    this.deps = deps;
  }

  async enqueue(endpoint: Endpoint, delivery: DeliveryDoc): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.deliveries.insertNotice({
      _id: `${endpoint.id}:${endpoint.enabled_epoch}`,
      workspace_id: endpoint.workspace_id,
      endpoint_id: endpoint.id,
      url: endpoint.url,
      event_id: delivery.event_id,
      status: 'pending',
      tries: 0,
      due_at: now,
      lease_token: null,
      sent_at: null,
      created_at: now,
    });
  }

  /** Sends the notices whose time has come; returns how many went out. */
  async sendDue(): Promise<number> {
    const { deliveries, clock, leaseMs, log } = this.deps;
    let sent = 0;
    for (;;) {
      const lease = await deliveries.claimDueNotice(clock.now(), leaseMs);
      if (!lease) return sent;
      const notice = lease.doc;
      const tries = notice.tries + 1;
      let done: NoticeResult;
      try {
        const ws = await this.deps.accounts.call('GetWorkspace', {
          workspace_id: notice.workspace_id,
        });
        if (ws.owner_email) {
          const { subject, text } = noticeMessage(notice, ws.name);
          const messageId = noticeMessageId(notice, this.deps.messageIdDomain);
          await this.deps.mailer.send({ to: ws.owner_email, subject, text, messageId });
          done = { status: 'sent', tries, sent_at: clock.now(), due_at: null };
          sent++;
          log.info({ workspace_id: notice.workspace_id, endpoint_id: notice.endpoint_id }, 'deactivation email sent');
        } else {
          log.warn(
            { workspace_id: notice.workspace_id, notice: notice._id },
            'no owner email; deactivation not mailed',
          );
          done = { status: 'skipped', tries, due_at: null };
        }
      } catch (err) {
        const backoff = Math.min(60_000 * 2 ** notice.tries, maxBackoffMs);
        done = { tries, due_at: new Date(clock.now().getTime() + backoff) };
        log.warn({ err: (err as Error).message, notice: notice._id, tries }, 'deactivation email failed');
      }
      if (!(await deliveries.completeNotice(lease, done))) {
        log.warn({ notice: notice._id }, 'notice lease lost; its result not recorded');
      }
    }
  }
}
