import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { AppError } from '@invoice-platform/common/errors';
import { createLogger } from '@invoice-platform/common/logger';
import test from 'ava';
import { validateRenderRequest } from '../../src/domain/document.ts';
import { isRetryableRenderError } from '../../src/domain/rerender.ts';
import { sampleRenderRequest } from '../../src/domain/sample.ts';
import { FairQueue } from '../../src/render/fair-queue.ts';
import { FacturXError, toFacturX, toFacturXIncremental, UnsupportedPdfError } from '../../src/render/factur-x.ts';
import type { PdfRenderer } from '../../src/render/renderer.ts';
import type { SystemTemplateSources } from '../../src/render/system-templates.ts';
import { Documents } from '../../src/service/documents.ts';
import type { FileStore } from '../../src/store/files.ts';
import type { TemplateStore } from '../../src/store/templates.ts';
import { oddPdfs } from '../fixtures/odd-pdfs.ts';

// Chromium's own PDFs (printed by test/fixtures/make-chromium-pdfs.ts) extended with a Factur-X XML,
// then read back with the few lines of PDF syntax below (independent of the code under test). The
// Mustang validator's verdict on such files is test/integration/factur-x.test.ts.

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
const invoicePdf = readFileSync(path.join(fixtures, 'chromium-invoice.pdf'));
const titlePdf = readFileSync(path.join(fixtures, 'chromium-title.pdf'));
const xml = readFileSync(path.join(fixtures, 'factur-x-en16931.xml'), 'utf8');
const srgbIcc = readFileSync(path.resolve(fixtures, '../../assets/sRGB.icc'));

const chromiumPdfs = [
  { name: 'invoice', pdf: invoicePdf, title: 'Invoice INV-WSSAMPLE01-202503-0007' },
  { name: 'UTF-16 title and a link', pdf: titlePdf, title: 'Facture (n°1) \\ a<b&c /Type /Page' },
];

// ---------------------------------------------------------------------------------------------
// Reading a PDF back: classic cross-reference sections, newest first along /Prev.

interface ReadPdf {
  bytes: Buffer;
  /** Offset of each in-use object, the newest section winning. */
  offsets: Map<number, number>;
  /** Trailer dictionaries' text, newest first. */
  trailers: string[];
  /** Offsets of the cross-reference sections, newest first. */
  sections: number[];
  /** The entries of the newest section. */
  newest: Map<number, number>;
}

function readPdf(bytes: Buffer): ReadPdf {
  const text = bytes.toString('latin1');
  const offsets = new Map<number, number>();
  const trailers: string[] = [];
  const sections: number[] = [];
  let newest: Map<number, number> | undefined;
  let at: number | undefined = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
  while (at !== undefined) {
    sections.push(at);
    const end = text.indexOf('trailer', at);
    const entries = new Map<number, number>();
    const lines = text
      .slice(at + 4, end)
      .trim()
      .split(/\r?\n|\r/);
    for (let i = 0; i < lines.length;) {
      const [first, count] = lines[i]!.trim().split(' ').map(Number) as [number, number];
      for (let k = 0; k < count; k++) {
        const [offset, , use] = lines[i + 1 + k]!.trim().split(' ');
        if (use === 'n') entries.set(first + k, Number(offset));
      }
      i += count + 1;
    }
    for (const [num, offset] of entries) if (!offsets.has(num)) offsets.set(num, offset);
    newest ??= entries;
    const trailer = text.slice(end, text.indexOf('startxref', end));
    trailers.push(trailer);
    const prev = /\/Prev (\d+)/.exec(trailer);
    at = prev ? Number(prev[1]) : undefined;
  }
  return { bytes, offsets, trailers, sections, newest: newest! };
}

function object(pdf: ReadPdf, num: number): string {
  const at = pdf.offsets.get(num)!;
  const text = pdf.bytes.toString('latin1', at, pdf.bytes.indexOf('endobj', at, 'latin1'));
  if (!text.startsWith(`${num} 0 obj`)) throw new Error(`object ${num} is not at ${at}`);
  return text;
}

function ref(text: string, key: string): number {
  const m = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(text);
  if (!m) throw new Error(`no /${key} reference in ${text.slice(0, 200)}`);
  return Number(m[1]);
}

function stream(pdf: ReadPdf, num: number): { dict: string; data: Buffer } {
  const text = object(pdf, num);
  const dataAt = /stream\r?\n/.exec(text)!;
  const start = pdf.offsets.get(num)! + dataAt.index + dataAt[0].length;
  const length = Number(/\/Length (\d+)/.exec(text)![1]);
  return { dict: text.slice(0, dataAt.index), data: pdf.bytes.subarray(start, start + length) };
}

/** A PDF string's text: a literal (printable ASCII, backslash escapes) or UTF-16BE hex. */
function pdfString(value: string): string {
  if (value.startsWith('<')) {
    return Buffer.from(value.slice(5, -1), 'hex').swap16().toString('utf16le');
  }
  return value.slice(1, -1).replace(/\\(.)/g, '$1');
}

function infoEntry(info: string, key: string): string | undefined {
  const m = new RegExp(`/${key} (\\((?:\\\\.|[^\\\\)])*\\)|<[0-9A-Fa-f]+>)`).exec(info);
  return m ? pdfString(m[1]!) : undefined;
}

const unescapeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function xmpValue(xmp: string, element: string): string | undefined {
  const m = new RegExp(`<${element}>(?:<rdf:Alt><rdf:li xml:lang="x-default">|<rdf:Seq><rdf:li>)?([^<]*)<`).exec(xmp);
  return m ? unescapeXml(m[1]!) : undefined;
}

/** D:YYYYMMDDHHmmSS+HH'mm' as an instant. */
function pdfDateMs(value: string): number {
  const m = /^D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(Z|([+-])(\d{2})'(\d{2})')$/.exec(value)!;
  const tz = m[7] === 'Z' ? 'Z' : `${m[8]}${m[9]}:${m[10]}`;
  return Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${tz}`);
}

function catalogOf(pdf: ReadPdf): string {
  return object(pdf, ref(pdf.trailers[0]!, 'Root'));
}

// ---------------------------------------------------------------------------------------------

for (const { name, pdf, title } of chromiumPdfs) {
  test(`${name}: an incremental update, Chromium's bytes first and unchanged, chained by /Prev`, (t) => {
    const out = toFacturXIncremental(pdf, xml);
    t.true(out.length > pdf.length);
    t.true(out.subarray(0, pdf.length).equals(pdf));

    const before = readPdf(pdf);
    const after = readPdf(out);
    t.deepEqual(after.sections.slice(1), before.sections);
    t.regex(after.trailers[0]!, new RegExp(`/Prev ${before.sections[0]}\\b`));
    t.is(ref(after.trailers[0]!, 'Root'), ref(before.trailers[0]!, 'Root'));
    const size = Number(/\/Size (\d+)/.exec(after.trailers[0]!)![1]);
    for (const [num, offset] of after.newest) {
      t.true(offset >= pdf.length, `object ${num} is in the update`);
      t.true(num < size);
      t.notThrows(() => object(after, num));
    }
    t.true(out.subarray(-6).toString('latin1') === '%%EOF\n');
  });

  test(`${name}: factur-x.xml embedded byte for byte as an associated file, AFRelationship Alternative`, (t) => {
    const out = readPdf(toFacturXIncremental(pdf, xml));
    const catalog = catalogOf(out);
    const spec = Number(/\/AF \[(\d+) 0 R\]/.exec(catalog)![1]);
    t.regex(catalog, new RegExp(`/Names <</EmbeddedFiles <</Names \\[\\(factur-x\\.xml\\) ${spec} 0 R\\]>>>>`));
    const filespec = object(out, spec);
    t.regex(filespec, /\/Type \/Filespec/);
    t.regex(filespec, /\/F \(factur-x\.xml\)/);
    t.regex(filespec, /\/UF \(factur-x\.xml\)/);
    t.regex(filespec, /\/AFRelationship \/Alternative/);
    const file = stream(out, ref(filespec, 'F'));
    t.regex(file.dict, /\/Type \/EmbeddedFile/);
    t.regex(file.dict, /\/Subtype \/text#2Fxml/);
    t.regex(file.dict, new RegExp(`/Params <</Size ${Buffer.byteLength(xml)} /ModDate \\(D:\\d{14}`));
    t.is(inflateSync(file.data).toString('utf8'), xml);
  });

  test(`${name}: an sRGB output intent with the vendored ICC profile`, (t) => {
    const out = readPdf(toFacturXIncremental(pdf, xml));
    const intent = object(out, Number(/\/OutputIntents \[(\d+) 0 R\]/.exec(catalogOf(out))![1]));
    t.regex(intent, /\/Type \/OutputIntent/);
    t.regex(intent, /\/S \/GTS_PDFA1/);
    t.regex(intent, /\/OutputConditionIdentifier \(sRGB IEC61966-2\.1\)/);
    const profile = stream(out, ref(intent, 'DestOutputProfile'));
    t.regex(profile.dict, /\/N 3\b/);
    t.true(inflateSync(profile.data).equals(srgbIcc));
  });

  test(`${name}: XMP says PDF/A-3b and Factur-X EN 16931, and equals the Info dictionary`, (t) => {
    const out = readPdf(toFacturXIncremental(pdf, xml));
    const metadata = stream(out, ref(catalogOf(out), 'Metadata'));
    t.regex(metadata.dict, /\/Type \/Metadata \/Subtype \/XML/);
    t.notRegex(metadata.dict, /\/Filter/, 'PDF/A: the metadata stream is not compressed');
    const xmp = metadata.data.toString('utf8');
    t.true(xmp.startsWith('<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>'));
    t.true(xmp.endsWith('<?xpacket end="w"?>'));
    t.is(xmpValue(xmp, 'pdfaid:part'), '3');
    t.is(xmpValue(xmp, 'pdfaid:conformance'), 'B');
    t.is(xmpValue(xmp, 'fx:DocumentType'), 'INVOICE');
    t.is(xmpValue(xmp, 'fx:DocumentFileName'), 'factur-x.xml');
    t.is(xmpValue(xmp, 'fx:Version'), '1.0');
    t.is(xmpValue(xmp, 'fx:ConformanceLevel'), 'EN 16931');
    // The extension schema declares the fx namespace and its four properties (PDF/A 6.6.2.3.3).
    t.is(xmpValue(xmp, 'pdfaSchema:namespaceURI'), 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#');
    t.is(xmpValue(xmp, 'pdfaSchema:prefix'), 'fx');
    t.deepEqual(
      [...xmp.matchAll(/<pdfaProperty:name>(\w+)</g)].map((m) => m[1]),
      ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel'],
    );

    const info = object(out, ref(out.trailers[0]!, 'Info'));
    t.is(infoEntry(info, 'Title'), title);
    t.is(xmpValue(xmp, 'dc:title'), title);
    t.is(xmpValue(xmp, 'pdf:Producer'), infoEntry(info, 'Producer'));
    t.is(xmpValue(xmp, 'xmp:CreatorTool'), infoEntry(info, 'Creator'));
    t.regex(infoEntry(info, 'Producer')!, /^Skia\/PDF/);
    // Dates: the same instants on both sides, Chromium's print time.
    const chromiumInfo = object(readPdf(pdf), ref(readPdf(pdf).trailers[0]!, 'Info'));
    const created = pdfDateMs(infoEntry(info, 'CreationDate')!);
    t.is(created, pdfDateMs(infoEntry(chromiumInfo, 'CreationDate')!));
    t.is(Date.parse(xmpValue(xmp, 'xmp:CreateDate')!), created);
    t.is(Date.parse(xmpValue(xmp, 'xmp:ModifyDate')!), pdfDateMs(infoEntry(info, 'ModDate')!));
  });

  test(`${name}: Chromium's catalog entries are kept (tags, language, pages)`, (t) => {
    const chromium = catalogOf(readPdf(pdf));
    const catalog = catalogOf(readPdf(toFacturXIncremental(pdf, xml)));
    for (const key of ['Pages', 'StructTreeRoot']) t.is(ref(catalog, key), ref(chromium, key));
    t.regex(catalog, /\/MarkInfo <<\/Type \/MarkInfo\s+\/Marked true>>/);
    const lang = /\/Lang \([a-zA-Z-]+\)/.exec(chromium)![0];
    t.true(catalog.includes(lang));
    t.regex(catalog, /\/Version \/1\.7\b/);
  });
}

test('the trailer /ID: new for other bytes or another XML, the same for the same inputs', (t) => {
  const id = (out: Buffer) => {
    const m = /\/ID \[<([0-9a-f]{32})> <([0-9a-f]{32})>\]/.exec(readPdf(out).trailers[0]!)!;
    t.is(m[1], m[2]);
    return m[1]!;
  };
  const first = toFacturXIncremental(invoicePdf, xml);
  t.true(toFacturXIncremental(invoicePdf, xml).equals(first));
  const ids = new Set([
    id(first),
    id(toFacturXIncremental(titlePdf, xml)),
    id(toFacturXIncremental(invoicePdf, xml.replace('RE-2026-0042', 'RE-2026-0043'))),
    // A re-render: Chromium's bytes differ by their print time alone.
    id(
      toFacturXIncremental(
        Buffer.from(invoicePdf.toString('latin1').replace(/D:2\d{13}/g, 'D:20300101000000'), 'latin1'),
        xml,
      ),
    ),
  ]);
  t.is(ids.size, 4);
});

// ---------------------------------------------------------------------------------------------
// What the update does not read fails with a reason (an UnsupportedPdfError, which toFacturX hands
// to pdf-lib); what no writer can make compliant, with a FacturXError. Neither yields a file.

/** A small PDF with a classic cross-reference table, as Skia lays one out. */
function minimalPdf(opts: { info?: string | null; catalog?: string; trailer?: string; startxref?: number } = {}) {
  const objects = [
    opts.info === null ? '<<>>' : (opts.info ?? '<</Title (t) /CreationDate (D:20250301093000Z)>>'),
    `<</Type /Catalog /Pages 3 0 R${opts.catalog ?? ''}>>`,
    '<</Type /Pages /Kids [] /Count 0>>',
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((o, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xrefAt = body.length;
  body += `xref\n0 4\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  const info = opts.info === null ? '' : ' /Info 1 0 R';
  body += `trailer\n<</Size 4 /Root 2 0 R${info}${opts.trailer ?? ''}>>\nstartxref\n${opts.startxref ?? xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('a minimal PDF with literal strings: escapes decoded, the same text in Info and XMP', (t) => {
  const out = readPdf(
    toFacturXIncremental(
      minimalPdf({
        info: '<</Title (a\\(b\\) \\101\\\\ c) /Author (Maju \\(Jaya\\)) /CreationDate (D:20250301093000Z)>>',
      }),
      xml,
    ),
  );
  const xmp = stream(out, ref(catalogOf(out), 'Metadata')).data.toString('utf8');
  const info = object(out, ref(out.trailers[0]!, 'Info'));
  t.is(xmpValue(xmp, 'dc:title'), 'a(b) A\\ c');
  t.is(infoEntry(info, 'Title'), 'a(b) A\\ c');
  t.is(xmpValue(xmp, 'dc:creator'), 'Maju (Jaya)');
  t.is(xmpValue(xmp, 'xmp:CreateDate'), '2025-03-01T09:30:00Z');
  t.is(infoEntry(info, 'CreationDate'), 'D:20250301093000Z');
});

const refused: { name: string; pdf: () => Buffer; reason: RegExp; unsupported: boolean }[] = [
  {
    name: 'extended twice',
    pdf: () => toFacturXIncremental(invoicePdf, xml),
    reason: /the trailer has \/Prev/,
    unsupported: true,
  },
  {
    name: 'truncated',
    pdf: () => invoicePdf.subarray(0, invoicePdf.length - 20),
    reason: /does not end with startxref/,
    unsupported: false,
  },
  {
    name: 'a cross-reference stream',
    pdf: () => minimalPdf({ startxref: 15 }),
    reason: /cross-reference is a stream/,
    unsupported: true,
  },
  {
    name: 'a hybrid file',
    pdf: () => minimalPdf({ trailer: ' /XRefStm 15' }),
    reason: /trailer has \/XRefStm/,
    unsupported: true,
  },
  {
    name: 'encrypted',
    pdf: () => minimalPdf({ trailer: ' /Encrypt 3 0 R' }),
    reason: /trailer has \/Encrypt/,
    unsupported: false,
  },
  { name: 'no Info', pdf: () => minimalPdf({ info: null }), reason: /trailer has no \/Info/, unsupported: false },
  {
    name: 'an Info without dates',
    pdf: () => minimalPdf({ info: '<</Title (t)>>' }),
    reason: /no date/,
    unsupported: false,
  },
  {
    name: 'an Info title that is not a string',
    pdf: () => minimalPdf({ info: '<</Title 5 /CreationDate (D:20250301093000Z)>>' }),
    reason: /Info \/Title is not a string/,
    unsupported: false,
  },
  {
    name: 'an Info date that is not a date',
    pdf: () => minimalPdf({ info: '<</CreationDate (yesterday)>>' }),
    reason: /Info \/CreationDate is not a date/,
    unsupported: false,
  },
  {
    name: 'an Info string in PDFDocEncoding beyond ASCII',
    pdf: () => minimalPdf({ info: '<</Title (Caf\\351) /CreationDate (D:20250301093000Z)>>' }),
    reason: /PDFDocEncoding/,
    unsupported: true,
  },
  {
    name: 'an Info dictionary the scanner does not follow',
    pdf: () => minimalPdf({ info: '<</Title (t) /CreationDate (D:20250301093000Z) 7>>' }),
    reason: /^a dictionary key was expected$/,
    unsupported: true,
  },
  ...['Names', 'AF', 'Metadata', 'OutputIntents'].map((key) => ({
    name: `a catalog with /${key}`,
    pdf: () => minimalPdf({ catalog: ` /${key} [1 0 R]` }),
    reason: new RegExp(`catalog already has /${key}`),
    // Associated files already there: pdf-lib's writer would not add to them either.
    unsupported: key !== 'AF',
  })),
];

for (const { name, pdf, reason, unsupported } of refused) {
  test(`refused with a reason${unsupported ? ', left to pdf-lib' : ''}: ${name}`, (t) => {
    const err = t.throws(() => toFacturXIncremental(pdf(), xml), { instanceOf: FacturXError });
    t.regex(err.message, reason);
    t.is(err instanceof UnsupportedPdfError, unsupported);
  });
}

test('the minimal PDF itself is accepted (so each refusal above is its one difference)', (t) => {
  t.notThrows(() => toFacturXIncremental(minimalPdf(), xml));
});

// ---------------------------------------------------------------------------------------------
// toFacturX: the update for what it reads, pdf-lib's rewrite for the rest, logged once with why.

/** A logger keeping its lines. */
function capturingLog() {
  const lines: { level: string; msg: string; reason?: string }[] = [];
  const log = createLogger('pdf-test', 'info', { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

const fallbackMessage = 'factur-x: the incremental update does not read this PDF, pdf-lib rewrites it';

test("toFacturX: Chromium's PDF takes the incremental update, nothing logged", async (t) => {
  const { log, lines } = capturingLog();
  for (const { pdf } of chromiumPdfs) {
    const out = await toFacturX(pdf, xml, log);
    t.true(out.equals(toFacturXIncremental(pdf, xml)));
    t.true(out.subarray(0, pdf.length).equals(pdf), "Chromium's bytes first: the update");
  }
  t.deepEqual(lines, []);
});

/** A PDF's objects by number, through a classic table (pdf-lib writes one without object streams). */
function factured(out: Buffer) {
  const pdf = readPdf(out);
  const catalog = catalogOf(pdf);
  const refs = (key: string) =>
    [...(new RegExp(`/${key}\\s*\\[([^\\]]*)\\]`).exec(catalog)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((m) =>
      Number(m[1]),
    );
  return { pdf, catalog, refs };
}

for (const odd of oddPdfs) {
  test(`toFacturX: ${odd.name}, refused by the update, is pdf-lib's PDF/A-3b with the XML, logged once`, async (t) => {
    const input = await odd.make(invoicePdf);
    const err = t.throws(() => toFacturXIncremental(input, xml), { instanceOf: UnsupportedPdfError });
    t.regex(err.message, odd.reason);

    const { log, lines } = capturingLog();
    const out = await toFacturX(input, xml, log);
    t.deepEqual(
      lines.map(({ level, msg, reason }) => ({ level, msg, reason })),
      [{ level: 'warn', msg: fallbackMessage, reason: err.message }],
    );
    t.false(out.subarray(0, input.length).equals(input), 'a full rewrite, not an update');

    const { pdf, catalog, refs } = factured(out);
    // The one associated file: factur-x.xml, Alternative, the XML byte for byte.
    const [spec, ...more] = refs('AF');
    t.deepEqual(more, []);
    const filespec = object(pdf, spec!);
    t.regex(filespec, /\/AFRelationship \/Alternative/);
    t.regex(catalog, /\/Names\s/);
    t.is(pdfString(/\/UF\s*(\([^)]*\)|<[0-9A-Fa-f]+>)/.exec(filespec)![1]!), 'factur-x.xml');
    const file = stream(pdf, ref(filespec, 'F'));
    t.regex(file.dict, /\/Subtype \/text#2Fxml/);
    t.is(inflateSync(file.data).toString('utf8'), xml);
    // The output intent, and the update's own XMP in place of any earlier metadata.
    const [intent] = refs('OutputIntents');
    t.regex(object(pdf, intent!), /\/S \/GTS_PDFA1/);
    const xmp = stream(pdf, ref(catalog, 'Metadata')).data.toString('utf8');
    t.is(xmpValue(xmp, 'pdfaid:part'), '3');
    t.is(xmpValue(xmp, 'fx:ConformanceLevel'), 'EN 16931');
    t.is(xmpValue(xmp, 'dc:title'), chromiumPdfs[0]!.title);
    t.is(infoEntry(object(pdf, ref(pdf.trailers[0]!, 'Info')), 'Title'), chromiumPdfs[0]!.title);
  });
}

test('toFacturX: what pdf-lib refuses too is a FacturXError with its reason', async (t) => {
  const { log, lines } = capturingLog();
  // An earlier Factur-X update: /Prev sends it to pdf-lib, whose writer will not add to /AF.
  const twice = toFacturXIncremental(invoicePdf, xml);
  await t.throwsAsync(toFacturX(twice, xml, log), { instanceOf: FacturXError, message: 'the catalog already has /AF' });
  t.deepEqual(
    lines.map((l) => l.reason),
    ['the trailer has /Prev'],
  );
});

test('toFacturX: what no writer can make compliant is refused at once, pdf-lib not tried', async (t) => {
  const { log, lines } = capturingLog();
  for (const { pdf, unsupported } of refused) {
    if (unsupported) continue;
    const err = await t.throwsAsync(toFacturX(pdf(), xml, log), { instanceOf: FacturXError });
    t.false(err instanceof UnsupportedPdfError);
  }
  t.deepEqual(lines, []);
});

test('Render: a PDF no writer can make compliant is an internal error naming why, not retried, nothing stored', async (t) => {
  const stored: Buffer[] = [];
  const documents = new Documents({
    templates: {} as TemplateStore,
    files: { put: async (bytes: Buffer) => stored.push(bytes) } as unknown as FileStore,
    // Chromium's part stubbed with a PDF without the dates the metadata needs; the step is the real one.
    renderer: {
      render: async () => minimalPdf({ info: '<</Title (t)>>' }),
      withFacturX: (pdf: Buffer, x: string) => toFacturX(pdf, x, createLogger('pdf-test', 'silent')),
    } as unknown as PdfRenderer,
    queue: new FairQueue(1),
    sources: { byId: new Map([['classic', '']]), plain: '' } as SystemTemplateSources,
    log: createLogger('pdf-test', 'silent'),
  });
  const err = await t.throwsAsync(documents.render(sampleRenderRequest({ factur_x_xml: xml })), {
    instanceOf: AppError,
  });
  t.is(err.kind, 'internal');
  t.is(err.message, 'The PDF could not be made PDF/A-3b for Factur-X: the Info dictionary has no date.');
  t.false(isRetryableRenderError(err));
  t.deepEqual(stored, []);
});

test('factur_x_xml, when set, must not be empty', (t) => {
  t.notThrows(() => validateRenderRequest(sampleRenderRequest()));
  t.notThrows(() => validateRenderRequest(sampleRenderRequest({ factur_x_xml: xml })));
  const err = t.throws(() => validateRenderRequest(sampleRenderRequest({ factur_x_xml: ' ' })), {
    instanceOf: AppError,
  });
  t.deepEqual(err.details?.errors, [{ path: 'factur_x_xml', message: "must be the invoice's Factur-X XML when set" }]);
});
