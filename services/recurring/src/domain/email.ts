import { formatDate, formatMoney } from '@invoice-platform/common/i18n/format';
import { type DocumentLanguage, fill, isDocumentLanguage, wordsFor } from '@invoice-platform/common/i18n/words';
import { stableMessageId } from '@invoice-platform/common/message-id';

/**
 * The follow-up email in the document's language, in the words and formats of the catalogue the
 * PDF and the public page use (services/common/src/i18n), so the three read the same total and
 * due date; the attached PDF carries the full document.
 */
export interface FollowUpMail {
  subject: string;
  text: string;
}

export function followUpMail(input: {
  language: string;
  invoiceNumber: string;
  seller: string;
  customerName: string;
  /** The invoice total as the invoice service gives it: a decimal string, never a float. */
  amount: string;
  /** An invoice currency: formatMoney prints it with the currency table's minor units, as the PDF does. */
  currency: string;
  /** YYYY-MM-DD, the customer's local date. */
  dueDate: string;
  url: string;
}): FollowUpMail {
  const lang: DocumentLanguage = isDocumentLanguage(input.language) ? input.language : 'en';
  const w = wordsFor(lang);
  const slots = {
    number: input.invoiceNumber,
    seller: input.seller,
    name: input.customerName,
    amount: formatMoney(input.amount, input.currency, lang),
    due: formatDate(input.dueDate, lang),
  };
  return {
    subject: fill(w.email_subject, slots),
    text: [
      fill(w.email_greeting, slots),
      '',
      fill(w.email_body, slots),
      '',
      w.email_link,
      input.url,
      '',
      fill(w.email_closing, slots),
    ].join('\n'),
  };
}

/**
 * The Message-ID of an occurrence's follow-up, `<series.local-date@domain>`: the same for every
 * send of that occurrence (docs/architecture.md#mail).
 */
export function followUpMessageId(occurrence: { series_id: string; local_date: string }, domain: string): string {
  return stableMessageId([occurrence.series_id, occurrence.local_date], domain);
}
