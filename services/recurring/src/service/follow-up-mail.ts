import type { Logger } from '@invoice-platform/common/logger';
import type { Mailer } from '@invoice-platform/common/mail';
import { followUpMail, followUpMessageId } from '../domain/email.ts';
import type { SeriesDoc } from '../domain/records.ts';
import type { OccurrenceStore } from '../store/occurrences.ts';
import type { HeldOccurrence } from './occurrence-leases.ts';
import type { AccountsClient, InvoiceClient, PdfClient } from './peers.ts';

export interface FollowUpMailDeps {
  occurrences: OccurrenceStore;
  invoice: InvoiceClient;
  pdf: PdfClient;
  accounts: AccountsClient;
  mailer: Mailer;
  log: Logger;
  leaseMs: number;
  /** The right side of follow-up Message-IDs: MAIL_FROM's domain (domain/email.ts). */
  messageIdDomain: string;
}

/**
 * The email of a generated follow-up, with its PDF (docs/architecture.md#mail). The email has no
 * idempotency key at the receiver: the send is claimed under the occurrence's lease (`sending`,
 * with the occurrence's own Message-ID) right before it is handed to SMTP, so a worker taken over
 * never sends it and two workers never send it at once; a send whose worker died in between is
 * sent again under the same Message-ID (at-least-once).
 */
export class FollowUpMail {
  private readonly deps: FollowUpMailDeps;

  constructor(deps: FollowUpMailDeps) {
    this.deps = deps;
  }

  /**
   * Emails the follow-up `invoiceId` of the occurrence `held`. False when the lease was found taken
   * over before the send: nothing was emailed, and the occurrence is another worker's now.
   */
  async send(series: SeriesDoc, held: HeldOccurrence, invoiceId: string): Promise<boolean> {
    const inv = await this.deps.invoice.call('GetInvoice', {
      workspace_id: series.workspace_id,
      invoice_id: invoiceId,
    });
    if (!inv.pdf_file_id) throw new Error('the follow-up has no PDF yet');
    const [file, ws] = await Promise.all([
      this.deps.pdf.call('GetFile', {
        workspace_id: series.workspace_id,
        file_id: inv.pdf_file_id,
        include_content: true,
      }),
      this.deps.accounts.call('GetWorkspace', { workspace_id: series.workspace_id }),
    ]);
    if (!file.info) throw new Error('the PDF service answered GetFile without the file info');
    const mail = followUpMail({
      language: inv.document_language,
      invoiceNumber: inv.invoice_number,
      seller: ws.name,
      customerName: inv.customer_name,
      amount: String(inv.amount),
      currency: String(inv.currency),
      dueDate: inv.due_date,
      url: inv.pdf_url ?? '',
    });
    const occ = held.lease.doc;
    const messageId = occ.message_id ?? followUpMessageId(occ, this.deps.messageIdDomain);
    if (
      held.renewal.lost ||
      !(await this.deps.occurrences.claimSend(held.lease, messageId, new Date(Date.now() + this.deps.leaseMs)))
    ) {
      held.renewal.markLost();
      return false;
    }
    if (occ.status === 'sending')
      // Its last worker died or stalled between handing it to SMTP and recording it: the customer
      // may have it already, and gets the same Message-ID again (docs/architecture.md#mail).
      this.deps.log.warn(
        { series_id: series._id, occurrence: occ.local_date, message_id: messageId },
        'resending a follow-up whose last send has no known outcome',
      );
    await this.deps.mailer.send({
      messageId,
      // The invoice's own address: an edit of the series after it was generated does not redirect it.
      to: inv.customer_email || series.customer_email,
      subject: mail.subject,
      text: mail.text,
      attachments: [
        { filename: file.info.download_name, content: Buffer.from(file.content), contentType: 'application/pdf' },
      ],
    });
    return true;
  }
}
