import { AppError, type FieldError } from '@invoice-platform/common/errors';
import { computeTotals, type ItemInput } from '@invoice-platform/common/invoice-money';
import { exactMinorUnits } from '@invoice-platform/common/money';
import test from 'ava';
import { balanceOf } from '../../src/domain/balance.ts';
import {
  type CreditItemInput,
  type CreditNoteDoc,
  creditable,
  creditRest,
  formatCreditNoteNumber,
  maxCreditNotesPerInvoice,
  planCreditNote,
  splitGrossAt,
  statusAfterCredit,
} from '../../src/domain/credit-note.ts';
import { allocateTax } from '../../src/domain/e-invoice/en16931.ts';
import type { InvoiceDoc } from '../../src/domain/invoice.ts';

/** An invoice as a generate stores it, with only the fields the credit note rules read. */
function invoice(
  currency: string,
  items: ItemInput[],
  fields: Partial<InvoiceDoc> & { tax_rate?: string; discount_total?: string } = {},
): InvoiceDoc {
  const { tax_rate, discount_total, ...rest } = fields;
  const totals = computeTotals({ currency, items, tax_rate, discount_total });
  return {
    _id: 'inv_1',
    workspace_id: 'WS1',
    invoice_number: 'INV-WS1-202611-0001',
    currency,
    items: totals.lines,
    subtotal: totals.subtotal,
    discount_total: totals.discount_total,
    tax_rate: totals.tax_rate,
    tax_amount: totals.tax_amount,
    amount: totals.amount,
    invoice_status: 'unpaid',
    payments: [],
    credit_notes: [],
    e_invoice: null,
    ...rest,
  } as unknown as InvoiceDoc;
}

const request = (items: CreditItemInput[] = [], reason = 'Returned goods') => ({
  workspace_id: 'WS1',
  invoice_id: 'inv_1',
  source: 'api',
  reason,
  items,
});

/** The invoice with `plan`'s note stored, as the commit stores it. */
function withNote(doc: InvoiceDoc, totals: ReturnType<typeof planCreditNote>['totals']): InvoiceDoc {
  const note = { id: `cn_${(doc.credit_notes ?? []).length}`, ...totals, currency: doc.currency } as CreditNoteDoc;
  return { ...doc, credit_notes: [...(doc.credit_notes ?? []), note] };
}

function refusal(t: { throws: (fn: () => unknown) => unknown }, fn: () => unknown): AppError {
  return t.throws(fn) as AppError;
}

/** Whether the note's VAT splits over its groups as EN 16931 states it (en16931.ts allocateTax). */
function vatSplits(currency: string, totals: ReturnType<typeof creditRest>): boolean {
  const units = (v: string) => exactMinorUnits(v, currency)!;
  const groups = new Map<string, bigint>();
  for (const line of totals.items)
    groups.set(
      line.effective_tax_rate,
      (groups.get(line.effective_tax_rate) ?? 0n) + units(line.line_amount) - units(line.discount_share),
    );
  return (
    allocateTax(
      units(totals.tax_amount),
      [...groups].map(([rate, taxable]) => ({ rate, taxable })),
    ) !== null
  );
}

test('formatCreditNoteNumber: CN-{workspace}-{YYYYMM}-{seq}, the sequence padded as an invoice number', (t) => {
  t.is(formatCreditNoteNumber('WS1', '202611', 7), 'CN-WS1-202611-0007');
  t.is(formatCreditNoteNumber('WS1', '202612', 12345), 'CN-WS1-202612-12345');
});

test('a note without items on an invoice nothing was credited from is the invoice, line by line, to the minor unit', (t) => {
  const cases: { currency: string; items: ItemInput[]; tax_rate?: string; discount_total?: string }[] = [
    { currency: 'EUR', items: [{ description: 'Design', quantity: '3', price: '19.99' }], tax_rate: '19' },
    {
      currency: 'EUR',
      items: [
        { description: 'Books', quantity: '2', price: '12.35', tax_rate: '7' },
        { description: 'Service', quantity: '1.5', price: '80.33', discount: '3' },
      ],
      tax_rate: '19',
      discount_total: '5.55',
    },
    { currency: 'JPY', items: [{ description: 'Lesson', quantity: '3', price: '3333' }], tax_rate: '10' },
    { currency: 'KWD', items: [{ description: 'Parts', quantity: '7', price: '1.234' }], tax_rate: '5' },
    { currency: 'IDR', items: [{ description: 'Jasa', quantity: '1', price: '100000' }], tax_rate: '11' },
  ];
  for (const c of cases) {
    const doc = invoice(c.currency, c.items, { tax_rate: c.tax_rate, discount_total: c.discount_total });
    const { totals } = planCreditNote(request(), doc);
    t.is(totals.amount, doc.amount, c.currency);
    t.is(totals.tax_amount, doc.tax_amount, c.currency);
    t.is(totals.subtotal, doc.subtotal, c.currency);
    t.is(totals.discount_total, doc.discount_total, c.currency);
    t.deepEqual(
      totals.items.map((l) => [l.description, l.line_amount, l.effective_tax_rate]),
      doc.items.map((l) => [l.description, l.line_amount, l.effective_tax_rate]),
    );
  }
});

test('a note with items computes them as a generate would, each line with its own tax rate else the invoice’s', (t) => {
  const doc = invoice('EUR', [{ description: 'Design', quantity: '10', price: '100' }], { tax_rate: '19' });
  const items = [
    { description: 'Design, 2 hours', quantity: '2', price: '100' },
    { description: 'Book', quantity: '1', price: '10', tax_rate: '7', tax_category: 'S' },
  ];
  const { totals, reason } = planCreditNote(request(items, '  Hours billed twice  '), doc);
  const expected = computeTotals({ currency: 'EUR', items, tax_rate: '19' });
  t.is(reason, 'Hours billed twice');
  t.is(totals.amount, expected.amount);
  t.is(totals.tax_amount, '38.70');
  t.is(totals.items[1]!.effective_tax_rate, '7');
  t.is(totals.items[1]!.tax_category, 'S');
  t.is(totals.items[0]!.effective_tax_rate, '19');
});

test('the creditable amount is amount − credited, in the currency’s minor units (0, 2 and 3 decimals); payments do not lower it', (t) => {
  const cases = [
    { currency: 'JPY', price: '1000', credit: '300', left: '700' },
    { currency: 'EUR', price: '10.01', credit: '0.01', left: '10.00' },
    { currency: 'KWD', price: '1.001', credit: '0.001', left: '1.000' },
  ];
  for (const c of cases) {
    let doc = invoice(c.currency, [{ quantity: '1', price: c.price }], {
      payments: [{ amount: c.credit } as never],
    });
    const { totals } = planCreditNote(request([{ quantity: '1', price: c.credit }]), doc);
    doc = withNote(doc, totals);
    t.is(creditable(doc), c.left, c.currency);
    t.is(balanceOf(doc).amount_credited, totals.amount, c.currency);
  }
});

test('a note past what is still creditable is a 400 naming body.items; exactly what is left is accepted', (t) => {
  const doc = invoice('EUR', [{ quantity: '1', price: '100' }]);
  const first = withNote(doc, planCreditNote(request([{ quantity: '1', price: '60' }]), doc).totals);
  const over = refusal(t, () => planCreditNote(request([{ quantity: '1', price: '40.01' }]), first));
  t.true(AppError.isKind(over, 'validation'));
  const errors = over.details!.errors as FieldError[];
  t.deepEqual(
    errors.map((e) => e.path),
    ['body.items'],
  );
  t.regex(errors[0]!.message, /40\.01 EUR.*40\.00 EUR still creditable/);
  t.is(planCreditNote(request([{ quantity: '1', price: '40' }]), first).totals.amount, '40.00');
  // With tax: 34 + 19 % = 40.46 passes 40.00.
  const taxed = invoice('EUR', [{ quantity: '1', price: '100' }], { tax_rate: '19' });
  const afterTaxed = withNote(taxed, planCreditNote(request([{ quantity: '1', price: '66' }]), taxed).totals);
  t.is(creditable(afterTaxed), '40.46');
  t.true(
    AppError.isKind(
      refusal(t, () => planCreditNote(request([{ quantity: '1', price: '34.01' }]), afterTaxed)),
      'validation',
    ),
  );
  t.is(planCreditNote(request([{ quantity: '1', price: '34' }]), afterTaxed).totals.amount, '40.46');
});

test('refusals: a cancelled invoice, nothing left to credit, the most notes, no reason, a reason too long, lines worth 0', (t) => {
  const doc = invoice('EUR', [{ quantity: '1', price: '100' }]);
  const cases: { name: string; doc: InvoiceDoc; req: ReturnType<typeof request>; kind: string; path?: string }[] = [
    { name: 'cancelled', doc: { ...doc, invoice_status: 'cancelled' }, req: request(), kind: 'application' },
    {
      name: 'fully credited',
      doc: withNote(doc, planCreditNote(request(), doc).totals),
      req: request(),
      kind: 'application',
    },
    {
      name: 'the most notes',
      doc: {
        ...doc,
        credit_notes: Array.from(
          { length: maxCreditNotesPerInvoice },
          (_, i) => ({ id: `cn_${i}`, amount: '0.01', items: [] }) as unknown as CreditNoteDoc,
        ),
      },
      req: request([{ quantity: '1', price: '1' }]),
      kind: 'application',
    },
    { name: 'no reason', doc, req: request([], '   '), kind: 'validation', path: 'body.reason' },
    { name: 'reason too long', doc, req: request([], 'x'.repeat(501)), kind: 'validation', path: 'body.reason' },
    { name: 'worth 0', doc, req: request([{ quantity: '1', price: '0' }]), kind: 'validation', path: 'body.items' },
    {
      name: 'an item as a generate refuses it',
      doc,
      req: request([{ quantity: '0', price: '1' }]),
      kind: 'validation',
      path: 'body.items[0].quantity',
    },
  ];
  for (const c of cases) {
    const err = refusal(t, () => planCreditNote(c.req, c.doc));
    t.true(AppError.isKind(err, c.kind as never), `${c.name}: ${String(err)}`);
    t.is(err.status, 400, c.name);
    if (c.path)
      t.deepEqual(
        (err.details!.errors as FieldError[]).map((e) => e.path),
        [c.path],
        c.name,
      );
  }
  t.is(planCreditNote(request([], 'x'.repeat(500)), doc).reason.length, 500, '500 characters are accepted');
});

test('a note without items after partial notes credits exactly what is left, its VAT split as EN 16931 accepts', (t) => {
  const invoices = [
    invoice('EUR', [{ description: 'A', quantity: '3', price: '19.99' }], { tax_rate: '19' }),
    invoice(
      'EUR',
      [
        { description: 'Books', quantity: '3', price: '12.35', tax_rate: '7' },
        { description: 'Work', quantity: '1.5', price: '80.33' },
        { description: 'Export', quantity: '1', price: '9.99', tax_rate: '0' },
      ],
      { tax_rate: '19', discount_total: '4.44' },
    ),
    invoice('JPY', [{ quantity: '7', price: '1234' }], { tax_rate: '10' }),
    invoice('KWD', [{ quantity: '3', price: '3.333', tax_rate: '5' }], { tax_rate: '5' }),
    invoice('EUR', [{ quantity: '1', price: '10', tax_rate: '5.5' }]),
  ];
  // Partial notes of every size up to the amount, at the invoice's first rate and at another.
  let checked = 0;
  for (const doc of invoices) {
    const amount = exactMinorUnits(doc.amount, doc.currency)!;
    const rate = doc.items[0]!.effective_tax_rate;
    for (let step = 1n; step < amount; step += amount / 37n + 1n) {
      const price = (Number(step) / 10 ** (doc.currency === 'JPY' ? 0 : doc.currency === 'KWD' ? 3 : 2) / 1.3).toFixed(
        doc.currency === 'JPY' ? 0 : 2,
      );
      if (Number(price) <= 0) continue;
      for (const taxRate of [rate, '7']) {
        let partial;
        try {
          partial = planCreditNote(request([{ quantity: '1', price, tax_rate: taxRate }]), doc).totals;
        } catch {
          continue; // past the amount at this rate
        }
        const after = withNote(doc, partial);
        const rest = creditRest(after);
        const label = `${doc.currency} ${doc.amount} after ${partial.amount} at ${taxRate}%`;
        t.is(exactMinorUnits(rest.amount, doc.currency), exactMinorUnits(creditable(after), doc.currency), label);
        const units = (v: string) => exactMinorUnits(v, doc.currency)!;
        t.is(units(rest.subtotal) + units(rest.tax_amount), units(rest.amount), label);
        t.true(vatSplits(doc.currency, rest), `${label}: VAT ${rest.tax_amount} on ${rest.subtotal}`);
        const closed = withNote(after, planCreditNote(request(), after).totals);
        t.is(exactMinorUnits(creditable(closed), doc.currency), 0n, label);
        checked++;
      }
    }
  }
  t.true(checked > 200, `${checked} partial notes checked`);
});

test('splitGross: every gross amount is net + VAT with the VAT the floor or ceiling of net × rate', (t) => {
  for (const rate of ['19', '7', '5.5', '0', '10', '99.99']) {
    for (let gross = 0n; gross < 2000n; gross++) {
      const split = splitGrossAt(gross, rate);
      t.truthy(split, `${gross} at ${rate}%`);
      t.is(split!.net + split!.tax, gross);
    }
  }
  // At 100 % net + VAT is always even when the VAT is exact: 3 cannot be split.
  t.is(splitGrossAt(3n, '100'), null);
});

test('statusAfterCredit: a note that brings amount_due to 0 cancels an invoice nothing was paid on, else marks it paid', (t) => {
  const doc = invoice('EUR', [{ quantity: '1', price: '100' }]);
  const full = withNote(doc, planCreditNote(request(), doc).totals);
  t.is(statusAfterCredit(full), 'cancelled');
  t.is(statusAfterCredit({ ...full, invoice_status: 'overdue' }), 'cancelled');
  const paidPart = { ...doc, payments: [{ amount: '30' } as never] };
  const rest = withNote(paidPart, planCreditNote(request([{ quantity: '1', price: '70' }]), paidPart).totals);
  t.is(statusAfterCredit(rest), 'paid');
  const partial = withNote(doc, planCreditNote(request([{ quantity: '1', price: '70' }]), doc).totals);
  t.is(statusAfterCredit(partial), null, 'something is still due');
  t.is(statusAfterCredit({ ...full, invoice_status: 'paid' }), null, 'a paid invoice stays paid');
});
