import test from 'ava';
import { invoiceCurrencies } from '@invoice-platform/common/contracts/currencies';
import { AppError, type FieldError } from '@invoice-platform/common/errors';
import { buildTemplateData, type RenderRequest, validateRenderRequest } from '../../src/domain/document.ts';
import { sampleRenderRequest } from '../../src/domain/sample.ts';

/** The sample document in `currency`, one line of 1234.5 plus 10 % tax, as the invoice service sends it. */
function inCurrency(currency: string, amounts: { line: string; tax: string; total: string }): RenderRequest {
  const req = sampleRenderRequest();
  const doc = req.document!;
  doc.currency = currency;
  doc.items = [
    {
      description: 'Consulting',
      quantity: '1',
      price: '1234.5',
      line_amount: amounts.line,
      discount_share: '0',
      effective_tax_rate: '10',
    },
  ];
  Object.assign(doc, { subtotal: amounts.line, tax_rate: '10', tax_amount: amounts.tax, amount: amounts.total });
  return req;
}

function refusal(req: RenderRequest): FieldError[] {
  try {
    validateRenderRequest(req);
  } catch (err) {
    if (AppError.isKind(err, 'validation')) return ((err as AppError).details?.errors ?? []) as FieldError[];
    throw err;
  }
  return [];
}

test('every currency the invoice service accepts passes the document check, Intl data or not', (t) => {
  t.true(invoiceCurrencies.length > 150);
  for (const currency of invoiceCurrencies) {
    const req = inCurrency(currency, { line: '1234', tax: '123', total: '1357' });
    t.deepEqual(refusal(req), [], currency);
  }
});

// [currency, figures as the invoice service rounds them, the total as the templates print it (en)]
const printed: [string, { line: string; tax: string; total: string }, string][] = [
  ['VED', { line: '1234.50', tax: '123.45', total: '1357.95' }, 'VED\u00a01,357.95'],
  ['CLF', { line: '1234.5000', tax: '123.4500', total: '1357.9500' }, 'CLF\u00a01,357.9500'],
  ['UYW', { line: '1234.5000', tax: '123.4500', total: '1357.9500' }, 'UYW\u00a01,357.9500'],
  ['BOV', { line: '1234.50', tax: '123.45', total: '1357.95' }, 'BOV\u00a01,357.95'],
  ['XAD', { line: '1234.50', tax: '123.45', total: '1357.95' }, 'XAD\u00a01,357.95'],
  ['IQD', { line: '1234.500', tax: '123.450', total: '1357.950' }, 'IQD\u00a01,357.950'],
  ['IDR', { line: '1235', tax: '124', total: '1359' }, 'IDR\u00a01,359'],
];
for (const [currency, amounts, total] of printed) {
  test(`a document in ${currency} is accepted and prints its total as ${JSON.stringify(total)}`, (t) => {
    const req = inCurrency(currency, amounts);
    const { document, language, marking } = validateRenderRequest(req);
    const data = buildTemplateData(document, language, marking);
    t.is(data.view.total, total);
    t.is(data.view.currency, currency);
  });
}

for (const [currency, message] of [
  ['XAU', 'must be an ISO 4217 currency code with minor units'],
  ['ABC', 'must be an ISO 4217 currency code'],
  ['HRK', 'must be an ISO 4217 currency code'],
  ['usd', 'must be an ISO 4217 currency code'],
  ['', 'must be an ISO 4217 currency code'],
] as const) {
  test(`a document in ${JSON.stringify(currency)} is refused at document.currency`, (t) => {
    const req = inCurrency(currency, { line: '1234.50', tax: '123.45', total: '1357.95' });
    t.deepEqual(refusal(req), [{ path: 'document.currency', message }]);
  });
}
