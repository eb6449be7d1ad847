import { type DocumentLanguage, directionOf, wordsFor } from '@invoice-platform/common/i18n/words';
import { html, SafeHtml } from './html.ts';
import type { InvoicePageView } from './view.ts';
import { pageCss } from './styles.ts';

const style = new SafeHtml(`<style>${pageCss}</style>`);

function document(lang: DocumentLanguage, title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="${lang}" dir="${directionOf(lang)}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        ${style}
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html> `.value;
}

/** A message shown above the invoice after a refused Pay: `error` styling, in the page's language. */
export interface PageMessage {
  text: string;
}

/**
 * The public invoice page. `payPath` is where the Pay form posts (the gateway's own route,
 * under the public base URL's path). Every value is escaped by html``.
 */
export function renderInvoicePage(view: InvoicePageView, payPath: string, message?: PageMessage): string {
  const w = view.words;
  const badges = html`<div class="badges">
    <span class="badge ${view.status}" data-state="${view.status}">${view.statusWord}</span>${
      view.archived ? html` <span class="badge archived" data-state="archived">${w.state_archived}</span>` : ''
    }${view.testMode ? html` <span class="badge test-mode" data-test-mode>${w.state_test_mode}</span>` : ''}
  </div>`;
  const meta = html`<dl class="meta">
    <dt>${w.invoice_number}</dt>
    <dd><bdi>${view.number}</bdi></dd>
    <dt>${w.issue_date}</dt>
    <dd>${view.issueDate}</dd>
    <dt>${w.due_date}</dt>
    <dd>${view.dueDate}</dd>
    ${
      view.paidOn
        ? html`<dt>${w.paid_on}</dt>
            <dd>${view.paidOn}</dd>`
        : ''
    }
  </dl>`;
  const lines = view.lines.map(
    (l) =>
      html`<tr>
        <td><bdi>${l.description}</bdi></td>
        <td class="num">${l.quantity}${l.unit ? html` <bdi>${l.unit}</bdi>` : ''}</td>
        <td class="num">${l.unit_price}</td>
        ${view.hasLineDiscounts ? html`<td class="num">${l.discount ? `−${l.discount}` : '–'}</td>` : ''}
        <td class="num">${l.tax_rate}</td>
        <td class="num">${l.amount}</td>
      </tr>`,
  );
  const body = html`<article class="card" data-invoice="${view.id}">
    <header class="top">
      <div>
        <p class="title">${w.invoice}</p>
        <h1 class="seller"><bdi>${view.seller}</bdi></h1>
        ${badges}
      </div>
      ${meta}
    </header>
    ${message ? html`<p class="notice error" role="alert" data-message>${message.text}</p>` : ''}
    ${view.notice ? html`<p class="notice ${view.notice.kind}" data-notice="${view.notice.kind}">${view.notice.text}</p>` : ''}
    <section class="parties">
      <p class="label">${w.bill_to}</p>
      <p class="party-name"><bdi>${view.customer.name}</bdi></p>
      ${view.customer.email ? html`<div class="muted"><bdi>${view.customer.email}</bdi></div>` : ''}
      ${view.customer.taxId ? html`<div class="muted">${w.tax_id}: <bdi>${view.customer.taxId}</bdi></div>` : ''}
      ${view.recurring ? html`<div class="muted">${view.recurring}</div>` : ''}
    </section>
    <div class="lines">
      <table>
        <thead>
          <tr>
            <th>${w.description}</th>
            <th class="num">${w.quantity}</th>
            <th class="num">${w.unit_price}</th>
            ${view.hasLineDiscounts ? html`<th class="num">${w.line_discount}</th>` : ''}
            <th class="num">${w.tax_rate}</th>
            <th class="num">${w.line_amount}</th>
          </tr>
        </thead>
        <tbody>
          ${lines}
        </tbody>
      </table>
    </div>
    <table class="totals">
      <tr>
        <td>${w.subtotal}</td>
        <td class="num">${view.subtotal}</td>
      </tr>
      ${
        view.discountTotal
          ? html`<tr>
              <td>${w.discount}</td>
              <td class="num">−${view.discountTotal}</td>
            </tr>`
          : ''
      }
      <tr>
        <td>${w.tax}</td>
        <td class="num">${view.tax}</td>
      </tr>
      <tr class="total">
        <td>${w.total}</td>
        <td class="num" data-total>${view.total}</td>
      </tr>
      ${
        view.balance
          ? html`${
                view.balance.credited
                  ? html`<tr>
                      <td>${w.amount_credited}</td>
                      <td class="num" data-credited>−${view.balance.credited}</td>
                    </tr>`
                  : ''
              }${
                view.balance.paid
                  ? html`<tr>
                      <td>${w.amount_paid}</td>
                      <td class="num" data-paid>−${view.balance.paid}</td>
                    </tr>`
                  : ''
              }
              <tr class="total due">
                <td>${w.amount_due}</td>
                <td class="num" data-due>${view.balance.due}</td>
              </tr>`
          : ''
      }
    </table>
    ${
      view.creditNotes.length > 0
        ? html`<section class="block" data-credit-notes>
            <h2 class="label" id="credit-notes">${w.credit_notes}</h2>
            <table class="credit-notes" aria-labelledby="credit-notes">
              <thead>
                <tr>
                  <th>${w.number}</th>
                  <th>${w.date}</th>
                  <th class="num">${w.line_amount}</th>
                </tr>
              </thead>
              <tbody>
                ${view.creditNotes.map(
                  (n) =>
                    html`<tr>
                      <td>
                        <a href="${n.pdfPath}" download data-credit-note-pdf><bdi>${n.number}</bdi></a>
                      </td>
                      <td>${n.date}</td>
                      <td class="num">−${n.amount}</td>
                    </tr>`,
                )}
              </tbody>
            </table>
          </section>`
        : ''
    }
    ${
      view.notes
        ? html`<section class="block">
            <p class="label">${w.notes}</p>
            <p class="text">${view.notes}</p>
          </section>`
        : ''
    }
    ${
      view.paymentNotes
        ? html`<section class="block">
            <p class="label">${w.payment_instructions}</p>
            <p class="text">${view.paymentNotes}</p>
          </section>`
        : ''
    }
    <div class="actions">
      ${
        view.payable
          ? html`<form method="post" action="${payPath}"><button class="pay" type="submit">${w.pay_now}</button></form>`
          : ''
      }
      ${view.pdfUrl ? html`<a class="pdf" href="${view.pdfUrl}" download>${w.download_pdf}</a>` : ''}
      ${view.eInvoicePath ? html`<a class="pdf" href="${view.eInvoicePath}" download>${w.download_e_invoice}</a>` : ''}
      ${view.payable ? html`<p class="note">${w.pay_redirect_note}</p>` : ''}
    </div>
    ${view.footer ? html`<footer class="foot">${view.footer}</footer>` : ''}
  </article>`;
  return document(view.lang, `${w.invoice} ${view.number} · ${view.seller}`, body);
}

export type MessagePageKind = 'not_found' | 'rate_limited' | 'unavailable';

/** The page for an unknown invoice, a rate limit or an outage, in `lang`. */
export function renderMessagePage(lang: DocumentLanguage, kind: MessagePageKind): string {
  const w = wordsFor(lang);
  const texts: Record<MessagePageKind, [title: string, text: string]> = {
    not_found: [w.not_found_title, w.not_found_text],
    rate_limited: [w.rate_limited_title, w.rate_limited_text],
    unavailable: [w.unavailable_title, w.unavailable_text],
  };
  const [title, text] = texts[kind];
  return document(
    lang,
    title,
    html`<article class="card message" data-page="${kind}">
      <h1>${title}</h1>
      <p>${text}</p>
    </article>`,
  );
}
