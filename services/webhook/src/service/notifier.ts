import type { TypedClient } from '@invoice-platform/common/grpc';
import type { Logger } from '@invoice-platform/common/logger';
import type { Mailer } from '@invoice-platform/common/mail';
import type { AccountsServiceDefinition } from '@invoice-platform/protos/invoiceplatform/accounts/v1/AccountsService';
import type { DeliveryStore, NoticeResult } from '../store/deliveries.ts';
import type { Endpoint } from '../store/endpoints.ts';
import type { DeliveryDoc, NoticeDoc } from '../store/models.ts';
import type { ServiceClock } from '@invoice-platform/common/clock';

export interface NotifierDeps {
  deliveries: DeliveryStore;
  accounts: TypedClient<AccountsServiceDefinition>;
  mailer: Mailer;
  clock: ServiceClock;
  /** How long a sender holds a notice it is trying (as for deliveries). */
  leaseMs: number;
  log: Logger;
}

const maxBackoffMs = 3_600_000;

/** The text of the email telling the owner an endpoint was deactivated (docs/architecture.md#webhooks). */
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
 * Deactivation emails (docs/architecture.md#webhooks): one notice per deactivation (unique id
 * `${endpoint}:${epoch}`), leased by the sender trying it (so replicas never send it twice at
 * once; a sender that died leaves it due again after the lease), retried with backoff while SMTP
 * or accounts is unavailable.
 */
export class Notifier {
  private readonly deps: NotifierDeps;
  private readonly accounts: TypedClient<AccountsServiceDefinition>;

  constructor(deps: NotifierDeps) {
    this.deps = deps;
    this.accounts = deps.accounts;
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
        const ws = await this.accounts.call('GetWorkspace', {
          workspace_id: notice.workspace_id,
        });
        if (ws.owner_email) {
          const { subject, text } = noticeMessage(notice, ws.name);
          await this.deps.mailer.send({ to: ws.owner_email, subject, text });
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
