import { stableMessageId } from '@invoice-platform/common/message-id';

export interface NoticeDoc {
  _id: string;
  workspace_id: string;
  endpoint_id: string;
  url: string;
  event_id: string;
  /** pending | sent | skipped (no owner email) */
  status: string;
  tries: number;
  /** The next try, or the end of the lease of the sender trying; null once sent or skipped. */
  due_at: Date | null;
  lease_token: string | null;
  sent_at: Date | null;
  created_at: Date;
}

/** What a try of a notice records: its tries, and the next try's time or null when done. */
export type NoticeResult = Partial<NoticeDoc> & { due_at: Date | null; tries: number };

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
 * The Message-ID of a deactivation notice: one per notice (`${endpoint}:${epoch}`, one per
 * deactivation), the same for every send, so a copy sent again after a crash between the SMTP
 * server taking it and the notice being marked is the same message (docs/architecture.md#mail).
 */
export function noticeMessageId(notice: Pick<NoticeDoc, '_id'>, domain: string): string {
  return stableMessageId([notice._id], domain);
}
