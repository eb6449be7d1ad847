import test from 'ava';
import { countPdfPages, creditNoteDownloadName, downloadName, sha256Hex } from '../../src/domain/files.ts';

test('download name is {invoice_number}-{STATUS}.pdf', (t) => {
  t.is(downloadName('INV-WS7GD2KP9Q-202503-0007', 'PAID'), 'INV-WS7GD2KP9Q-202503-0007-PAID.pdf');
  t.is(downloadName('INV-WS7GD2KP9Q-202503-0007', 'UNPAID'), 'INV-WS7GD2KP9Q-202503-0007-UNPAID.pdf');
  t.is(downloadName('INV-ws_7Gd2kP9q-202503-0012', 'overdue'), 'INV-ws_7Gd2kP9q-202503-0012-OVERDUE.pdf');
  t.is(downloadName('INV-WS1-202503-0001', 'CANCELLED'), 'INV-WS1-202503-0001-CANCELLED.pdf');
});

test('download name never carries characters unsafe in a header', (t) => {
  t.is(downloadName('INV/1"2;3\r\n', 'PAID'), 'INV_1_2_3__-PAID.pdf');
});

test('page count from page objects, not the page tree', (t) => {
  const pdf = (body: string) => Buffer.from(`%PDF-1.4\n${body}\n%%EOF`, 'latin1');
  t.is(
    countPdfPages(
      pdf(
        '1 0 obj <</Type /Pages /Count 2 /Kids [2 0 R 3 0 R]>> endobj 2 0 obj <</Type /Page>> endobj 3 0 obj <</Type/Page /Parent 1 0 R>> endobj',
      ),
    ),
    2,
  );
  t.is(countPdfPages(pdf('1 0 obj <</Type /Pages /Kids [] /Count 7>> endobj')), 7);
  t.is(countPdfPages(pdf('nothing')), 0);
});

test('sha256 is lower-case hex', (t) => {
  t.is(sha256Hex(Buffer.from('abc')), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});

test('a credit note downloads as {credit_note_number}.pdf, without a status, safe as a file name', (t) => {
  t.is(creditNoteDownloadName('CN-WS7GD2KP9Q-202503-0001'), 'CN-WS7GD2KP9Q-202503-0001.pdf');
  t.is(creditNoteDownloadName('CN/1"2;3\r\n'), 'CN_1_2_3__.pdf');
});
