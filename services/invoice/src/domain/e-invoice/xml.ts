/**
 * The e-invoice of a stored invoice (docs/e-invoicing.md): the XML in its format, and the name it is
 * attached or downloaded under.
 */
import { AppError } from '@invoice-platform/common/errors';
import type { EInvoiceInput } from './input.ts';
import { toCii } from './cii.ts';
import { toEn16931 } from './en16931.ts';
import { eInvoiceProblems } from './requirements.ts';
import { toUbl } from './ubl.ts';

export interface EInvoiceXml {
  xml: string;
  /** factur-x.xml inside a Factur-X PDF (the name the standard requires); {invoice_number}-{format}.xml otherwise. */
  filename: string;
}

/**
 * The XML of `input` in input.format. Throws an internal AppError when the input lacks what
 * eInvoiceProblems requires (generate checks it before storing, so this means a caller's bug) or
 * when the stored figures do not add up.
 */
export function eInvoiceXml(input: EInvoiceInput): EInvoiceXml {
  const problems = eInvoiceProblems(input);
  if (problems.length > 0)
    throw new AppError('internal', `e-invoice: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`);
  const model = toEn16931(input);
  if (input.format === 'factur-x') return { xml: toCii(model), filename: 'factur-x.xml' };
  // Invoice numbers are free text (a series format may hold '/'): the file name keeps it readable and safe.
  const name = input.invoice.invoice_number.replace(/[^A-Za-z0-9._-]+/g, '_');
  return { xml: toUbl(model, input.format), filename: `${name}-${input.format}.xml` };
}
