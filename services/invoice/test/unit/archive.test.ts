import test from 'ava';
import {
  type ArchivedCopyDoc,
  archivedCopy,
  archivedFiles,
  asIssuedCopy,
  keptFileIds,
  retainUntil,
} from '../../src/domain/archive.ts';

// The as-issued archive's rules (domain/archive.ts, docs/money-trail.md "The as-issued archive").

const issued = new Date('2026-11-29T10:15:00.000Z');

const retentionCases: { name: string; years: number | null | undefined; until: string }[] = [
  { name: 'unset: the default, 10 years', years: undefined, until: '2036-11-29T10:15:00.000Z' },
  { name: 'null: the default, 10 years', years: null, until: '2036-11-29T10:15:00.000Z' },
  { name: 'the workspace’s 8 years', years: 8, until: '2034-11-29T10:15:00.000Z' },
  { name: 'the least, 1 year', years: 1, until: '2027-11-29T10:15:00.000Z' },
  { name: 'the most, 100 years', years: 100, until: '2126-11-29T10:15:00.000Z' },
  { name: 'out of range (0): the default', years: 0, until: '2036-11-29T10:15:00.000Z' },
  { name: 'out of range (101): the default', years: 101, until: '2036-11-29T10:15:00.000Z' },
];
for (const c of retentionCases) {
  test(`retainUntil: ${c.name}`, (t) => {
    t.is(retainUntil(issued, c.years).toISOString(), c.until);
  });
}

test('retainUntil: 29 February steps to 1 March of a common year, never before the anniversary', (t) => {
  t.is(retainUntil(new Date('2028-02-29T12:00:00.000Z'), 1).toISOString(), '2029-03-01T12:00:00.000Z');
  t.is(retainUntil(new Date('2028-02-29T12:00:00.000Z'), 4).toISOString(), '2032-02-29T12:00:00.000Z');
});

test('archivedCopy: the record of a stored file, its int64 size as a number', (t) => {
  t.deepEqual(
    archivedCopy({
      file_id: 'pdf_1',
      sha256: 'a'.repeat(64),
      size_bytes: '12345',
      content_type: 'application/pdf',
      created_at: '2026-11-29T10:15:01.000Z',
    }),
    {
      file_id: 'pdf_1',
      sha256: 'a'.repeat(64),
      size_bytes: 12345,
      content_type: 'application/pdf',
      stored_at: new Date('2026-11-29T10:15:01.000Z'),
    },
  );
});

const copy = (fileId: string, type = 'application/pdf'): ArchivedCopyDoc => ({
  file_id: fileId,
  sha256: fileId.padEnd(64, '0'),
  size_bytes: 10,
  content_type: type,
  stored_at: issued,
});
const until = new Date('2036-11-29T10:15:00.000Z');
const noteUntil = new Date('2034-12-01T00:00:00.000Z');
const invoice = {
  _id: 'inv_1',
  invoice_number: 'INV-WS-202611-0001',
  as_issued_pdf: copy('pdf_inv'),
  as_issued_e_invoice: copy('pdf_invxml', 'application/xml'),
  retain_until: until,
  credit_notes: [
    {
      id: 'cn_1',
      credit_note_number: 'CN-WS-202612-0001',
      as_issued_pdf: copy('pdf_cn'),
      as_issued_e_invoice: null,
      retain_until: noteUntil,
    },
    // A note issued before the archive: nothing kept, nothing listed.
    { id: 'cn_0', credit_note_number: 'CN-WS-202612-0002' },
  ],
};

test('archivedFiles: the invoice’s copies, then each credit note’s, each with its own retain_until', (t) => {
  t.deepEqual(
    archivedFiles(invoice).map((r) => [r.document_id, r.document_number, r.kind, r.copy.file_id, r.retain_until]),
    [
      ['inv_1', 'INV-WS-202611-0001', 'pdf', 'pdf_inv', until],
      ['inv_1', 'INV-WS-202611-0001', 'e_invoice', 'pdf_invxml', until],
      ['cn_1', 'CN-WS-202612-0001', 'pdf', 'pdf_cn', noteUntil],
    ],
  );
  t.deepEqual(archivedFiles({ _id: 'inv_old', invoice_number: 'INV-OLD' }), [], 'an invoice issued before the archive');
});

test('keptFileIds: every file kept as issued, the ones a re-render must never delete', (t) => {
  t.deepEqual([...keptFileIds(invoice)].sort(), ['pdf_cn', 'pdf_inv', 'pdf_invxml']);
});

test('asIssuedCopy: the copy of one document and kind, or null when none was kept', (t) => {
  t.is(asIssuedCopy(invoice, 'inv_1', 'e_invoice')?.copy.file_id, 'pdf_invxml');
  t.is(asIssuedCopy(invoice, 'cn_1', 'pdf')?.copy.file_id, 'pdf_cn');
  t.is(asIssuedCopy(invoice, 'cn_1', 'e_invoice'), null);
  t.is(asIssuedCopy(invoice, 'cn_0', 'pdf'), null);
  t.is(asIssuedCopy(invoice, 'cn_other', 'pdf'), null);
});
