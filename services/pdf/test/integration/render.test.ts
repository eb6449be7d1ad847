import { createHash } from 'node:crypto';
import { AppError } from '@invoice-platform/common/errors';
import test from 'ava';
import type { RenderRequest } from '../../src/domain/document.ts';
import { sampleRenderRequest } from '../../src/domain/sample.ts';
import type { FileInfo } from '../../src/domain/files.ts';
import { pdfText, startTestService, type TestService } from './helpers.ts';

let svc: TestService;

test.before(async () => {
  svc = await startTestService('pdf_render');
});

test.after.always(async () => {
  await svc?.stop();
});

type RenderResponse = { file: FileInfo; render_ms: number };
type GetFileResponse = { info: FileInfo; content: Buffer };

const render = (req: RenderRequest) => svc.client.call<RenderResponse>('Render', req);
const getFile = (workspace_id: string, file_id: string, include_content = true) =>
  svc.client.call<GetFileResponse>('GetFile', { workspace_id, file_id, include_content });

test.serial('Render stores a PDF in GridFS that shows the invoice', async (t) => {
  const req = sampleRenderRequest({ workspace_id: 'WSRENDER01', invoice_id: 'inv_render1', invoice_sequence: 3 });
  const { file, render_ms } = await render(req);
  t.true(render_ms > 0);
  t.regex(file.file_id, /^pdf_[A-Za-z0-9]{22}$/);
  t.is(file.workspace_id, 'WSRENDER01');
  t.is(file.invoice_id, 'inv_render1');
  t.is(file.content_type, 'application/pdf');
  t.is(file.download_name, 'INV-WSSAMPLE01-202503-0007-UNPAID.pdf');
  t.is(file.pages, 1);
  t.is(file.invoice_sequence, 3);
  t.deepEqual(file.template, { id: 'classic', name: 'Classic', source: 'requested' });
  t.is(file.document_language, 'en');
  t.is(file.status_marking, 'UNPAID');
  t.truthy(Date.parse(file.created_at));

  const got = await getFile('WSRENDER01', file.file_id);
  t.is(got.content.subarray(0, 5).toString('latin1'), '%PDF-');
  t.is(String(got.content.length), got.info.size_bytes);
  t.is(createHash('sha256').update(got.content).digest('hex'), file.sha256);

  const text = pdfText(got.content);
  t.regex(text, /INV-WSSAMPLE01-202503-0007/);
  t.regex(text, /PT Sinar Terang/);
  t.regex(text, /09\.876\.543\.2-109\.000/);
  t.regex(text, /IDR 1,759,500/);
  t.regex(text, /\bUNPAID\b/);
  t.regex(text, /INVOICE/);
  t.regex(text, /Mar 1, 2025/);

  const meta = await getFile('WSRENDER01', file.file_id, false);
  t.is(meta.content.length, 0);
  t.deepEqual(meta.info, file);
});

test.serial('every render stores a new file; the status word follows status_marking', async (t) => {
  const req = sampleRenderRequest({ workspace_id: 'WSRENDER01', status_marking: 'PAID' });
  req.document!.paid_at = '2025-03-04T10:15:30.110Z';
  const a = await render(req);
  const b = await render(req);
  t.not(a.file.file_id, b.file.file_id);
  t.is(a.file.download_name, 'INV-WSSAMPLE01-202503-0007-PAID.pdf');
  const text = pdfText((await getFile('WSRENDER01', a.file.file_id)).content);
  t.regex(text, /\bPAID\b/);
  t.notRegex(text, /UNPAID/);
  t.regex(text, /Paid on/);
});

test.serial('the plain built-in layout is English whatever the language, with no template', async (t) => {
  const req = sampleRenderRequest({ workspace_id: 'WSRENDER01', template_id: undefined, document_language: 'de' });
  const { file } = await render(req);
  t.is(file.template, null);
  t.is(file.document_language, 'de');
  const text = pdfText((await getFile('WSRENDER01', file.file_id)).content);
  t.regex(text, /INVOICE INV-WSSAMPLE01-202503-0007/);
  t.regex(text, /Bill to/);
  t.regex(text, /PT Sinar Terang/);
  t.regex(text, /Tax ID: 09\.876\.543\.2-109\.000/);
  t.notRegex(text, /RECHNUNG/);
});

test.serial('the Classic template prints German words and number formats for de', async (t) => {
  const req = sampleRenderRequest({ workspace_id: 'WSRENDER01', document_language: 'de' });
  req.document!.currency = 'EUR';
  req.document!.amount = '1759.5';
  const text = pdfText((await getFile('WSRENDER01', (await render(req)).file.file_id)).content);
  t.regex(text, /RECHNUNG/);
  t.regex(text, /OFFEN/);
  t.regex(text, /1\.759,50\s€/);
});

for (const [lang, words] of [
  ['zh', ['发票', '收票方', '未付款']],
  ['ja', ['請求書', '請求先', '未払い']],
  ['hi', ['चालान', 'बिल प्राप्तकर्ता', 'अदत्त']],
  ['fr', ['FACTURE', 'Prix unitaire', 'IMPAYÉE']],
] as const) {
  test.serial(`the Classic template prints ${lang} words with installed fonts`, async (t) => {
    const req = sampleRenderRequest({ workspace_id: 'WSRENDER01', document_language: lang });
    const { file } = await render(req);
    t.is(file.document_language, lang);
    const text = pdfText((await getFile('WSRENDER01', file.file_id)).content);
    for (const word of words) t.true(text.includes(word), `${word} in the ${lang} PDF`);
    t.false(text.includes('Bill to'), 'no English heading left');
  });
}

test.serial('the Classic template lays ar out right to left with Arabic words', async (t) => {
  const req = sampleRenderRequest({ workspace_id: 'WSRENDER01', document_language: 'ar' });
  const { file } = await render(req);
  const text = pdfText((await getFile('WSRENDER01', file.file_id)).content);
  t.regex(text, /[\u0600-\u06FF]{3,}/, 'Arabic letters in the text layer');
  t.false(text.includes('Bill to'));
  t.false(text.includes('UNPAID'));
});

test.serial('GetFile and DeleteFile are scoped by workspace; DeleteFile is idempotent', async (t) => {
  const { file } = await render(sampleRenderRequest({ workspace_id: 'WSOWNER001' }));
  const other = await t.throwsAsync(getFile('WSOTHER001', file.file_id));
  t.true(AppError.isKind(other, 'not_found'));
  t.deepEqual(await svc.client.call('DeleteFile', { workspace_id: 'WSOTHER001', file_id: file.file_id }), {
    deleted: false,
  });
  t.truthy((await getFile('WSOWNER001', file.file_id)).info);
  t.deepEqual(await svc.client.call('DeleteFile', { workspace_id: 'WSOWNER001', file_id: file.file_id }), {
    deleted: true,
  });
  t.deepEqual(await svc.client.call('DeleteFile', { workspace_id: 'WSOWNER001', file_id: file.file_id }), {
    deleted: false,
  });
  const gone = await t.throwsAsync(getFile('WSOWNER001', file.file_id));
  t.true(AppError.isKind(gone, 'not_found'));
  const unknown = await t.throwsAsync(getFile('WSOWNER001', 'pdf_doesnotexist'));
  t.true(AppError.isKind(unknown, 'not_found'));
});

test.serial('StreamFile: the info first, then chunks of at most 64 KiB that add up to the stored file', async (t) => {
  const req = sampleRenderRequest({ workspace_id: 'WSSTREAM01' });
  req.document!.items = Array.from({ length: 300 }, (_, i) => ({
    ...req.document!.items[0]!,
    description: `Line ${i}`,
  }));
  const { file } = await render(req);
  const parts: { info?: FileInfo; chunk?: Buffer }[] = [];
  for await (const part of svc.client.stream<{ info?: FileInfo; chunk?: Buffer }>('StreamFile', {
    workspace_id: 'WSSTREAM01',
    file_id: file.file_id,
  }))
    parts.push(part);
  t.deepEqual(parts[0]!.info, file);
  const chunks = parts.slice(1).map((p) => p.chunk!);
  t.true(chunks.length > 1, `${chunks.length} chunks`);
  t.true(chunks.every((c) => c.length > 0 && c.length <= 64 * 1024));
  const whole = Buffer.concat(chunks);
  t.is(whole.length, Number(file.size_bytes));
  t.is(createHash('sha256').update(whole).digest('hex'), file.sha256);
  t.deepEqual(whole, (await getFile('WSSTREAM01', file.file_id)).content);
});

test.serial(
  'StreamFile: a reader that stops after the first chunk cancels the stream; the next one reads it all',
  async (t) => {
    const req = sampleRenderRequest({ workspace_id: 'WSSTREAM04' });
    req.document!.items = Array.from({ length: 300 }, (_, i) => ({
      ...req.document!.items[0]!,
      description: `Row ${i}`,
    }));
    const { file } = await render(req);
    const stream = () =>
      svc.client.stream<{ chunk?: Buffer }>('StreamFile', { workspace_id: 'WSSTREAM04', file_id: file.file_id });
    for (let i = 0; i < 5; i++) {
      let read = 0;
      for await (const part of stream()) {
        if (part.chunk && ++read === 1) break;
      }
      t.is(read, 1);
    }
    let bytes = 0;
    for await (const part of stream()) bytes += part.chunk?.length ?? 0;
    t.is(bytes, Number(file.size_bytes));
    t.true(await svc.client.healthy(2000));
  },
);

test.serial('StreamFile: another workspace or an unknown file is NOT_FOUND before any message', async (t) => {
  const { file } = await render(sampleRenderRequest({ workspace_id: 'WSSTREAM02' }));
  for (const [workspace_id, file_id] of [
    ['WSSTREAM03', file.file_id],
    ['WSSTREAM02', 'pdf_doesnotexist'],
  ]) {
    const got: unknown[] = [];
    const err = await t.throwsAsync(async () => {
      for await (const part of svc.client.stream('StreamFile', { workspace_id, file_id })) got.push(part);
    });
    t.true(AppError.isKind(err, 'not_found'), String(err));
    t.deepEqual(got, []);
  }
});

test.serial('a bad document is a ValidationError naming the fields', async (t) => {
  const req = sampleRenderRequest({ workspace_id: 'WSRENDER01', document_language: 'xx', status_marking: 'DUE' });
  req.document!.currency = 'ZZZ';
  req.document!.items[1]!.quantity = '1e3';
  const err = await t.throwsAsync(render(req));
  t.true(AppError.isKind(err, 'validation'));
  const paths = ((err as AppError).details?.errors as { path: string }[]).map((e) => e.path);
  t.deepEqual(paths.sort(), ['document.currency', 'document.items.1.quantity', 'document_language', 'status_marking']);
});

test.serial('ten renders at once all succeed on a pool of two pages', async (t) => {
  t.is(svc.app.pool.size, 2);
  const results = await Promise.all(
    Array.from({ length: 10 }, (_, i) => {
      const req = sampleRenderRequest({ workspace_id: 'WSCONCUR01', invoice_id: `inv_c${i}` });
      req.document!.invoice_number = `INV-WSCONCUR01-202503-${String(i + 1).padStart(4, '0')}`;
      return render(req);
    }),
  );
  t.is(new Set(results.map((r) => r.file.file_id)).size, 10);
  for (const [i, r] of results.entries()) {
    const text = pdfText((await getFile('WSCONCUR01', r.file.file_id)).content);
    t.regex(text, new RegExp(`INV-WSCONCUR01-202503-${String(i + 1).padStart(4, '0')}`));
  }
});

test.serial('a long invoice spans pages and the page count says so', async (t) => {
  const req = sampleRenderRequest({ workspace_id: 'WSRENDER01' });
  const line = req.document!.items[0]!;
  req.document!.items = Array.from({ length: 60 }, (_, i) => ({ ...line, description: `Line ${i + 1}` }));
  const { file } = await render(req);
  t.true(file.pages >= 2, `pages ${file.pages}`);
  const text = pdfText((await getFile('WSRENDER01', file.file_id)).content);
  t.is(text.split('\f').filter((p) => p.trim() !== '').length, file.pages);
});
