import type { UnaryClient } from '@invoice-platform/common/grpc';
import type { Logger } from '@invoice-platform/common/logger';
import type { Mailer } from '@invoice-platform/common/mail';
import type { DeliveryStore } from '../store/deliveries.ts';
import type { Endpoint } from '../store/endpoints.ts';
import type { DeliveryDoc, NoticeDoc } from '../store/models.ts';
import type { ServiceClock } from './clock.ts';

export interface NotifierDeps {
  deliveries: DeliveryStore;
  accounts: UnaryClient;
  mailer: Mailer;
  clock: ServiceClock;
  workerId: string;
  log: Logger;
}

const maxBackoffMs = 3_600_000;

/** The text of the email telling the owner an endpoint was deactivated (spec §6.6.3). */
export function noticeMessage(notice: NoticeDoc, workspaceName: string): { subject: string; text: string } {
  return {
    subject: `Webhook endpoint deactivated: ${notice.url}`,
    text: [
      `Hello,`,
      ``,
      `The webhook endpoint ${notice.url} (${notice.endpoint_id}) of workspace "${workspaceName}" (${notice.workspace_id})`,
      `has been deactivated: event ${notice.event_id} could not be delivered after 8 attempts over about 45 hours,`,
      `and no delivery to the endpoint succeeded in that time.`,
      ``,
      `No events are sent to it while it is deactivated. When the receiver works again, re-enable the endpoint`,
      `in the webhook settings; events of the meantime can be resent from the delivery logs (kept 30 days).`,
      ``,
      `Deactivated at ${notice.created_at.toISOString()}.`,
    ].join('\n'),
  };
}

/**
 * Deactivation emails (spec §6.6.3, DESIGN.md §3): one notice per deactivation (unique id
 * `${endpoint}:${epoch}`), each try claimed by a unique insert so replicas never send it twice at
 * once, retried with backoff while SMTP or accounts is unavailable.
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
      next_try_at: now,
      sent_at: null,
      created_at: now,
    });
  }

  /** Sends the notices whose time has come; returns how many went out. */
  async sendDue(): Promise<number> {
    const { deliveries, clock, log } = this.deps;
    let sent = 0;
    for (const notice of await deliveries.dueNotices(clock.now())) {
      const tryNo = notice.tries + 1;
      if (!(await deliveries.claim(`notice:${notice._id}:${tryNo}`, notice._id, this.deps.workerId, new Date()))) {
        continue;
      }
      try {
        const ws = await this.deps.accounts.call<{ name: string; owner_email: string }>('GetWorkspace', {
          workspace_id: notice.workspace_id,
        });
        if (!ws.owner_email) {
          log.warn(
            { workspace_id: notice.workspace_id, notice: notice._id },
            'no owner email; deactivation not mailed',
          );
          await deliveries.updateNotice(notice._id, { status: 'skipped', tries: tryNo });
          continue;
        }
        const { subject, text } = noticeMessage(notice, ws.name);
        await this.deps.mailer.send({ to: ws.owner_email, subject, text });
        await deliveries.updateNotice(notice._id, { status: 'sent', tries: tryNo, sent_at: clock.now() });
        sent++;
        log.info({ workspace_id: notice.workspace_id, endpoint_id: notice.endpoint_id }, 'deactivation email sent');
      } catch (err) {
        const backoff = Math.min(60_000 * 2 ** notice.tries, maxBackoffMs);
        await deliveries.updateNotice(notice._id, {
          tries: tryNo,
          next_try_at: new Date(clock.now().getTime() + backoff),
        });
        log.warn({ err: (err as Error).message, notice: notice._id, tries: tryNo }, 'deactivation email failed');
      }
    }
    return sent;
  }
}
