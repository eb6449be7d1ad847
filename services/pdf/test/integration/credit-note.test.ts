import { AppError } from '@invoice-platform/common/errors';
import type { DocumentLanguage } from '@invoice-platform/common/i18n/words';
import test from 'ava';
import type { RenderRequest } from '../../src/domain/document.ts';
import type { FileInfo } from '../../src/domain/files.ts';
import {
  sampleCreditNoteRequest,
  sampleInvoiceWithBalanceRequest,
  sampleRenderRequest,
} from '../../src/domain/sample.ts';
import { systemTemplates } from '../../src/domain/templates.ts';
import { pdfRawText, pdfText, startTestService, type TestService } from './helpers.ts';

// Credit note PDFs (docs/money-trail.md "Documents"), read back as a customer reads them: the text
// layer of the stored file.

let svc: TestService;

test.before(async () => {
  svc = await startTestService('pdf_credit_note');
});

test.after.always(async () => {
  await svc?.stop();
});

const ws = 'WSCREDIT01';

/**
 * The text without white space or bidi marks: pdftotext splits Devanagari clusters with spaces and
 * marks Arabic runs, and the templates wrap long lines, so words are compared without them.
 */
const squash = (s: string) => s.replace(/[\s\u200e\u200f\u202a-\u202e]+/g, '');

async function renderText(req: RenderRequest): Promise<{ file: FileInfo; text: string }> {
  const { file } = await svc.client.call<{ file: FileInfo }>('Render', req);
  const got = await svc.client.call<{ content: Buffer }>('GetFile', {
    workspace_id: file.workspace_id,
    file_id: file.file_id,
    include_content: true,
  });
  // Drawing order keeps a sentence in a narrow column whole; Arabic is drawn in visual order, so
  // it is read in the layout mode, which puts its words back in reading order.
  const text = req.document_language === 'ar' ? pdfText(got.content) : pdfRawText(got.content);
  return { file, text };
}

/** The title each language prints, and a word of its own that shows the page is not English. */
const printed: [DocumentLanguage, string, string][] = [
  ['en', 'CREDIT NOTE', 'Corrects invoice INV-WSSAMPLE01-202503-0007 of Mar 1, 2025'],
  ['id', 'NOTA KREDIT', 'Mengoreksi faktur INV-WSSAMPLE01-202503-0007'],
  ['es', 'FACTURA RECTIFICATIVA', 'Rectifica la factura INV-WSSAMPLE01-202503-0007'],
  ['fr', 'AVOIR', 'Rectifie la facture INV-WSSAMPLE01-202503-0007'],
  ['de', 'RECHNUNGSKORREKTUR', 'Korrigiert die Rechnung INV-WSSAMPLE01-202503-0007 vom 01.03.2025'],
  ['nl', 'CREDITNOTA', 'Corrigeert factuur INV-WSSAMPLE01-202503-0007'],
  ['it', 'NOTA DI CREDITO', 'Rettifica la fattura INV-WSSAMPLE01-202503-0007'],
  ['pt', 'NOTA DE CRÉDITO', 'Corrige a fatura INV-WSSAMPLE01-202503-0007'],
  ['zh', '贷项通知单', '发票 INV-WSSAMPLE01-202503-0007'],
  ['ja', 'クレジットノート', '請求書 INV-WSSAMPLE01-202503-0007'],
  ['hi', 'क्रेडिट नोट', 'INV-WSSAMPLE01-202503-0007'],
  ['ar', 'إشعار دائن', 'INV-WSSAMPLE01-202503-0007'],
];

for (const template of systemTemplates) {
  for (const [lang, title, corrects] of printed) {
    test.serial(
      `${template.id}: a credit note in ${lang} is titled ${title} and names the invoice it corrects`,
      async (t) => {
        const { file, text } = await renderText(
          sampleCreditNoteRequest({ workspace_id: ws, template_id: template.id, document_language: lang }),
        );
        t.is(file.download_name, 'CN-WSSAMPLE01-202503-0001.pdf');
        t.is(file.invoice_id, 'cn_sample', "the note's files are keyed by its id");
        t.is(file.status_marking, '');
        t.is(file.document_language, lang);
        t.deepEqual(file.template, { id: template.id, name: template.name, source: 'requested' });
        t.is(file.pages, 1);
        const flat = squash(text);
        t.true(flat.includes(squash(title)), `${title} in the ${lang} PDF`);
        t.true(flat.includes(squash(corrects)), `"${corrects}" in the ${lang} PDF`);
        t.true(text.includes('CN-WSSAMPLE01-202503-0001'));
        t.true(text.includes('Stock photo licence not used'), 'the reason');
        t.true(text.includes('Stock photo licence'), 'the credited line');
        t.notRegex(flat, /gutschrift/i);
        // No status stamp, no due date, nothing to pay: it is not an invoice.
        for (const word of ['UNPAID', 'OFFEN', 'Payonline', 'BankCentralAsia', 'Duedate', 'Fälligam']) {
          t.false(flat.toLowerCase().includes(word.toLowerCase()), `no "${word}"`);
        }
      },
    );
  }
}

test.serial('the plain layout prints a credit note in English, as it prints invoices', async (t) => {
  const { file, text } = await renderText(
    sampleCreditNoteRequest({ workspace_id: ws, template_id: undefined, document_language: 'de' }),
  );
  t.is(file.template, null);
  t.is(file.download_name, 'CN-WSSAMPLE01-202503-0001.pdf');
  t.regex(text, /CREDIT NOTE CN-WSSAMPLE01-202503-0001/);
  t.regex(text, /Corrects invoice INV-WSSAMPLE01-202503-0007 of Mar 1, 2025/);
  t.regex(text, /Reason: Stock photo licence not used/);
  t.regex(text, /Total credited\s+IDR 166,500/);
  t.notRegex(text, /INVOICE|Status:|Due date/);
});

test.serial('the German totals of a credit note are the credited amounts, in German number format', async (t) => {
  const req = sampleCreditNoteRequest({ workspace_id: ws, document_language: 'de' });
  const { text } = await renderText(req);
  t.regex(text, /Zwischensumme\s+150\.000\sIDR/);
  t.regex(text, /MwSt\.\s+16\.500\sIDR/);
  t.regex(text, /Korrekturbetrag gesamt\s+166\.500\sIDR/);
  t.regex(text, /Rechnungsdatum\s+05\.03\.2025/);
});

for (const template of [...systemTemplates.map((x) => x.id), undefined]) {
  test.serial(
    `${template ?? 'plain'}: the invoice PDF lists its credit notes and payments and prints the balance`,
    async (t) => {
      const { text } = await renderText(sampleInvoiceWithBalanceRequest({ workspace_id: ws, template_id: template }));
      // Section labels are upper case in the system templates (CSS), as printed.
      t.regex(text, /Credit notes/i);
      t.regex(text, /CN-WSSAMPLE01-202503-0001\s+Mar 5, 2025\s+Stock photo licence not used\s+IDR 166,500/);
      t.regex(text, /Payments/i);
      t.regex(text, /Mar 8, 2025\s+Bank transfer\s+TRF-88213\s+IDR 500,000/);
      t.regex(text, /Mar 10, 2025\s+Online payment\s+IDR 93,000/);
      t.regex(text, /Credited\s+[−-]IDR 166,500/);
      t.regex(text, /Paid\s+[−-]IDR 593,000/);
      t.regex(text, /Amount due\s+IDR 1,000,000/);
      t.regex(text, /INV-WSSAMPLE01-202503-0007/);
    },
  );

  test.serial(`${template ?? 'plain'}: an invoice without credit notes or payments prints no balance`, async (t) => {
    const { text } = await renderText(sampleRenderRequest({ workspace_id: ws, template_id: template }));
    for (const word of ['Creditnotes', 'Payments', 'Credited', 'Banktransfer', 'CN-']) {
      t.false(squash(text).toLowerCase().includes(word.toLowerCase()), `no "${word}"`);
    }
  });
}

test.serial('the German invoice PDF prints its balance in German', async (t) => {
  const { text } = await renderText(
    sampleInvoiceWithBalanceRequest({ workspace_id: ws, template_id: 'classic', document_language: 'de' }),
  );
  t.regex(text, /Rechnungskorrekturen/i);
  t.regex(text, /Zahlungen/i);
  t.regex(text, /08\.03\.2025\s+Überweisung\s+TRF-88213\s+500\.000\sIDR/);
  t.regex(text, /Offener Betrag\s+1\.000\.000\sIDR/);
  t.notRegex(text, /gutschrift/i);
});

const legacyTemplate = '<html><body><h1>{{words.invoice}} {{invoice_number}}</h1><p>{{view.total}}</p></body></html>';
const noteTemplate = `<html><body><h1>{{words.invoice}} {{invoice_number}}</h1>
{{#if view.credit_note}}<p>BRAND NOTE {{view.credit_note.corrects}} because {{view.credit_note.reason}}</p>{{/if}}
<p>{{view.total}}</p></body></html>`;

test.serial(
  'a workspace template that does not print credit notes is not used for one: the service default is',
  async (t) => {
    const created = await svc.client.call<{ id: string }>('UpsertWorkspaceTemplate', {
      workspace_id: ws,
      name: 'Legacy',
      content: legacyTemplate,
    });
    await svc.client.call('SetWorkspaceDefaultTemplate', { workspace_id: ws, template_id: created.id });
    try {
      const invoice = await renderText(sampleRenderRequest({ workspace_id: ws, template_id: created.id }));
      t.deepEqual(invoice.file.template, { id: created.id, name: 'Legacy', source: 'requested' });

      const note = await renderText(
        sampleCreditNoteRequest({ workspace_id: ws, template_id: created.id, document_language: 'de' }),
      );
      t.deepEqual(note.file.template, { id: 'classic', name: 'Classic', source: 'fallback' });
      t.regex(note.text, /RECHNUNGSKORREKTUR/);
      t.regex(note.text, /Korrigiert die Rechnung INV-WSSAMPLE01-202503-0007 vom 01\.03\.2025/);
    } finally {
      await svc.client.call('SetWorkspaceDefaultTemplate', { workspace_id: ws });
    }
  },
);

test.serial('a workspace template that reads view.credit_note prints the credit note itself', async (t) => {
  const created = await svc.client.call<{ id: string }>('UpsertWorkspaceTemplate', {
    workspace_id: ws,
    name: 'Brand notes',
    content: noteTemplate,
  });
  const { file, text } = await renderText(
    sampleCreditNoteRequest({ workspace_id: ws, template_id: created.id, document_language: 'fr' }),
  );
  t.deepEqual(file.template, { id: created.id, name: 'Brand notes', source: 'requested' });
  t.regex(text, /AVOIR CN-WSSAMPLE01-202503-0001/);
  t.regex(text, /BRAND NOTE Rectifie la facture INV-WSSAMPLE01-202503-0007 du 1 mars 2025 because Stock photo/);
});

test.serial(
  'a workspace template that reads view.credit_note but cannot print one is refused when stored',
  async (t) => {
    // It renders the sample invoice; its helper fails on the sample credit note, which the test-render tries too.
    const err = await t.throwsAsync(
      svc.client.call('UpsertWorkspaceTemplate', {
        workspace_id: ws,
        name: 'Broken notes',
        content: '<p>{{invoice_number}}{{noNotes view.credit_note}}</p>',
        helpers: "function noNotes(note) { if (note) throw new Error('cannot print credit notes'); return ''; }",
      }),
    );
    t.true(AppError.isKind(err, 'validation'));
    t.deepEqual((err as AppError).details?.errors, [
      { path: 'helpers', message: 'does not render: "noNotes" helper call failed' },
    ]);
  },
);
