import test from 'ava';
import { buildInvoicePageView, type PublicInvoice } from '../../src/http/public/view.ts';

/** An invoice of one line, 1234.5 plus 10 % tax, with the figures the invoice service stores for `currency`. */
const invoice = (
  currency: string,
  figures: { line: string; tax: string; total: string },
  document_language = 'en',
): PublicInvoice => ({
  id: 'inv_cur',
  invoice_number: 'INV-ws1-202503-0001',
  customer_name: 'Cliente SA',
  currency,
  subtotal: figures.line,
  discount_total: '0',
  tax_amount: figures.tax,
  amount: figures.total,
  invoice_status: 'unpaid',
  is_archived: false,
  is_recurring: false,
  recurring_interval: 'none',
  issue_date: '2025-03-01T10:00:00.000Z',
  due_date: '2025-03-15',
  items: [
    { description: 'Consulting', quantity: '1', price: '1234.5', line_amount: figures.line, effective_tax_rate: '10' },
  ],
  document_language,
});
const workspace = { name: 'Studio', time_zone: 'UTC' };

// [currency, language, figures, total, line amount]: the table's decimals, the code where Intl has no symbol.
const cases: [string, string, { line: string; tax: string; total: string }, string, string][] = [
  ['VED', 'en', { line: '1234.50', tax: '123.45', total: '1357.95' }, 'VED\u00a01,357.95', 'VED\u00a01,234.50'],
  ['VED', 'es', { line: '1234.50', tax: '123.45', total: '1357.95' }, '1357,95\u00a0VED', '1234,50\u00a0VED'],
  [
    'CLF',
    'de',
    { line: '1234.5000', tax: '123.4500', total: '1357.9500' },
    '1.357,9500\u00a0CLF',
    '1.234,5000\u00a0CLF',
  ],
  // Figures with fewer decimals than the table's are padded to them.
  ['UYW', 'en', { line: '1234.5', tax: '123.45', total: '1357.95' }, 'UYW\u00a01,357.9500', 'UYW\u00a01,234.5000'],
  ['BOV', 'pt', { line: '1234.50', tax: '123.45', total: '1357.95' }, 'BOV\u00a01.357,95', 'BOV\u00a01.234,50'],
  [
    'XAD',
    'ar',
    { line: '1234.50', tax: '123.45', total: '1357.95' },
    '\u200f1,357.95\u00a0XAD',
    '\u200f1,234.50\u00a0XAD',
  ],
  ['HUF', 'en', { line: '1234.50', tax: '123.45', total: '1357.95' }, 'HUF\u00a01,357.95', 'HUF\u00a01,234.50'],
  ['IDR', 'id', { line: '1235', tax: '124', total: '1359' }, 'Rp\u00a01.359', 'Rp\u00a01.235'],
];
for (const [currency, lang, figures, total, line] of cases) {
  test(`the page of an invoice in ${currency} (${lang}) shows ${JSON.stringify(total)}`, (t) => {
    const view = buildInvoicePageView(invoice(currency, figures, lang), workspace, 'https://invoices.example');
    t.is(view.total, total);
    t.is(view.subtotal, line);
    t.is(view.lines[0]!.amount, line);
  });
}

test('a currency outside the table prints plain numbers, never a guess at a symbol', (t) => {
  for (const currency of ['XAU', 'HRK', 'usd', '']) {
    const view = buildInvoicePageView(
      invoice(currency, { line: '1234.50', tax: '123.45', total: '1357.95' }),
      workspace,
      'https://invoices.example',
    );
    t.is(view.total, '1,357.95', currency);
  }
});
