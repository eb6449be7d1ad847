import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Logger } from '@invoice-platform/common/logger';
import {
  type DocInfo,
  FacturXError,
  facturXFileName,
  infoDateKeys,
  infoTextKeys,
  parsePdfDate,
  pdfDate,
  srgbProfile,
  xmlChar,
  xmp,
} from './factur-x-metadata.ts';
import { toFacturXPdfLib } from './factur-x-pdf-lib.ts';

export { FacturXError } from './factur-x-metadata.ts';

/**
 * Factur-X: Chromium's PDF made PDF/A-3b with the invoice's CII XML inside (pdf.proto RenderRequest
 * factur_x_xml, docs/e-invoicing.md).
 *
 * The PDF is not parsed and written again: an incremental update (ISO 32000-1 §7.5.6, which
 * ISO 19005-3 allows) is appended to Chromium's bytes. It adds what PDF/A-3b and Factur-X ask for
 * and Chromium does not write: the XML as an embedded file `factur-x.xml` with AFRelationship
 * Alternative, listed in the catalog's /AF and /Names; an sRGB output intent; XMP metadata with the
 * PDF/A identification and the Factur-X extension schema; an Info dictionary equal to the XMP; and
 * a trailer /ID. Everything Chromium wrote (tag tree, /Lang, links, fonts) stays as it is, and the
 * step costs a few milliseconds where a full rewrite costs tens (services/pdf/README.md).
 *
 * It reads only what Skia writes: a classic cross-reference table with one section, an
 * uncompressed catalog and Info dictionary. A PDF built otherwise (an earlier incremental update,
 * cross-reference streams, a catalog with entries the update would have to merge) is an
 * UnsupportedPdfError, and toFacturX hands it to pdf-lib's parse and full rewrite
 * (factur-x-pdf-lib.ts), 40-360x slower (docs/e-invoicing.md): a Chromium that one day writes such
 * files makes Factur-X slower, not failing. A PDF neither can make compliant (damaged, encrypted,
 * without the Info dates the metadata needs) is a FacturXError naming what it met, never a file
 * that only looks compliant. The XMP, Info values and output intent both write are
 * factur-x-metadata.ts.
 */

/** A structure the incremental update does not read (the message says which); pdf-lib may. */
export class UnsupportedPdfError extends FacturXError {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedPdfError';
  }
}

/**
 * Chromium's PDF with `xml` embedded as Factur-X, PDF/A-3b: the incremental update, or pdf-lib's
 * rewrite when the update does not read the PDF (logged with the reason, once per file). The same
 * bytes and XML give the same output: the metadata comes from Chromium's Info dictionary (its
 * print time, so every render is a new document), and the trailer /ID is a hash of both inputs.
 */
export async function toFacturX(pdf: Uint8Array, xml: string, log: Logger): Promise<Buffer> {
  try {
    return toFacturXIncremental(pdf, xml);
  } catch (err) {
    if (!(err instanceof UnsupportedPdfError)) throw err;
    log.warn({ reason: err.message }, 'factur-x: the incremental update does not read this PDF, pdf-lib rewrites it');
    try {
      // Without object streams: a classic cross-reference table, which every reader takes.
      return await toFacturXPdfLib(pdf, xml, { objectStreams: false });
    } catch (libErr) {
      if (libErr instanceof FacturXError) throw libErr;
      throw new FacturXError(`${err.message}, and pdf-lib could not read it: ${(libErr as Error).message}`);
    }
  }
}

/**
 * The incremental update alone; UnsupportedPdfError for a PDF it does not read. Exported for the
 * tests and services/pdf/bench/pdfa-writers.ts, which hold it against the pdf-lib writer.
 */
export function toFacturXIncremental(pdf: Uint8Array, xml: string): Buffer {
  const original = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const xref = readXrefTable(original);
  const catalog = readDict(original, xref, xref.root, 'catalog');
  // Associated files already there: neither writer adds to them.
  if (catalog.entries.has('AF')) throw new FacturXError('the catalog already has /AF');
  // Entries pdf-lib merges (/Names) or replaces (/Metadata, /OutputIntents); the update would
  // have to read and rewrite them.
  for (const key of ['Names', 'Metadata', 'OutputIntents']) {
    if (catalog.entries.has(key)) throw new UnsupportedPdfError(`the catalog already has /${key}`);
  }
  if (xref.info === undefined) throw new FacturXError('the trailer has no /Info');
  const info = readInfo(readDict(original, xref, xref.info, 'Info dictionary'));

  const xmlBytes = Buffer.from(xml, 'utf8');
  const id = createHash('sha256').update(original).update(xmlBytes).digest().subarray(0, 16).toString('hex');
  // PDF/A-3 wants the embedded file's modification date; Chromium's print time is that.
  const modDate = info.ModDate ?? info.CreationDate;
  if (!modDate) throw new FacturXError('the Info dictionary has no date');

  const update = new IncrementalUpdate(original);
  const num = { file: xref.size, spec: xref.size + 1, icc: xref.size + 2, intent: xref.size + 3 };
  const more = { metadata: xref.size + 4, info: xref.size + 5 };
  update.stream(
    num.file,
    `/Type /EmbeddedFile /Subtype /text#2Fxml /Filter /FlateDecode /Params <</Size ${xmlBytes.length} /ModDate ${pdfDate(modDate)}>>`,
    deflateSync(xmlBytes),
  );
  update.object(
    num.spec,
    `<</Type /Filespec /F (${facturXFileName}) /UF (${facturXFileName}) /Desc (Factur-X invoice) /AFRelationship /Alternative /EF <</F ${num.file} 0 R /UF ${num.file} 0 R>>>>`,
  );
  update.stream(num.icc, '/N 3 /Filter /FlateDecode', srgbProfile);
  update.object(
    num.intent,
    `<</Type /OutputIntent /S /GTS_PDFA1 /OutputConditionIdentifier (sRGB IEC61966-2.1) /Info (sRGB IEC61966-2.1) /DestOutputProfile ${num.icc} 0 R>>`,
  );
  // PDF/A wants the metadata stream unfiltered, so that it can be read without a PDF parser.
  update.stream(more.metadata, '/Type /Metadata /Subtype /XML', Buffer.from(xmp(info), 'utf8'));
  update.object(more.info, infoDict(info));
  // /Version: associated files (/AF, /UF) are PDF 1.7; Chromium's header says 1.4.
  const version = catalog.entries.has('Version') ? '' : ' /Version /1.7';
  update.object(
    xref.root,
    `<<${catalog.body}\n/Metadata ${more.metadata} 0 R /OutputIntents [${num.intent} 0 R] /AF [${num.spec} 0 R] /Names <</EmbeddedFiles <</Names [(${facturXFileName}) ${num.spec} 0 R]>>>>${version}>>`,
  );
  return update.finish({
    size: more.info + 1,
    trailer: `/Root ${xref.root} 0 R /Info ${more.info} 0 R /Prev ${xref.at} /ID [<${id}> <${id}>]`,
  });
}

// ---------------------------------------------------------------------------------------------
// Writing

/** The objects appended after the original bytes, then their cross-reference section. */
class IncrementalUpdate {
  private readonly parts: Buffer[];
  private readonly offsets = new Map<number, number>();
  private at: number;

  constructor(original: Buffer) {
    this.parts = [original];
    this.at = original.length;
    // The update starts on a line of its own.
    if (original[original.length - 1] !== 0x0a && original[original.length - 1] !== 0x0d) this.push('\n');
  }

  object(num: number, body: string): void {
    this.offsets.set(num, this.at);
    this.push(`${num} 0 obj\n${body}\nendobj\n`);
  }

  stream(num: number, dict: string, data: Buffer): void {
    this.offsets.set(num, this.at);
    this.push(`${num} 0 obj\n<<${dict} /Length ${data.length}>>\nstream\n`);
    this.push(data);
    this.push('\nendstream\nendobj\n');
  }

  /** The cross-reference section (one subsection per run of numbers) and the trailer. */
  finish(opts: { size: number; trailer: string }): Buffer {
    const xrefAt = this.at;
    const nums = [...this.offsets.keys()].sort((a, b) => a - b);
    let section = 'xref\n0 1\n0000000000 65535 f\r\n';
    for (let i = 0; i < nums.length;) {
      let j = i;
      while (j + 1 < nums.length && nums[j + 1] === nums[j]! + 1) j++;
      section += `${nums[i]} ${j - i + 1}\n`;
      for (let k = i; k <= j; k++) section += `${String(this.offsets.get(nums[k]!)).padStart(10, '0')} 00000 n\r\n`;
      i = j + 1;
    }
    this.push(section);
    this.push(`trailer\n<</Size ${opts.size} ${opts.trailer}>>\nstartxref\n${xrefAt}\n%%EOF\n`);
    return Buffer.concat(this.parts);
  }

  private push(part: Buffer | string): void {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    this.parts.push(bytes);
    this.at += bytes.length;
  }
}

/** A PDF text string: a literal when it is printable ASCII, else UTF-16BE with its byte order mark. */
function pdfText(s: string): string {
  if (/^[\x20-\x7e]*$/.test(s)) return `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  return `<${Buffer.from(`\uFEFF${s}`, 'utf16le').swap16().toString('hex')}>`;
}

function infoDict(info: DocInfo): string {
  const entries = [
    ...infoTextKeys.flatMap((k) => (info[k] === undefined ? [] : [`/${k} ${pdfText(info[k])}`])),
    ...infoDateKeys.flatMap((k) => (info[k] === undefined ? [] : [`/${k} ${pdfDate(info[k])}`])),
  ];
  return `<<${entries.join('\n')}>>`;
}

// ---------------------------------------------------------------------------------------------
// Reading

interface XrefTable {
  /** Offset of the `xref` keyword: the update's /Prev. */
  at: number;
  size: number;
  root: number;
  info: number | undefined;
  /** Byte offset of an in-use object, from the table. */
  offsetOf(num: number): number | undefined;
}

/** The classic cross-reference table that `startxref` points to, and its trailer. */
function readXrefTable(pdf: Buffer): XrefTable {
  const tail = pdf.toString('latin1', Math.max(0, pdf.length - 1024), pdf.length);
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  // Chromium's file ends so; one that does not is damaged (cut short), and pdf-lib, which reads
  // whatever objects it finds, would make a complete-looking file of it.
  if (!startxref) throw new FacturXError('the file does not end with startxref and %%EOF');
  const at = Number(startxref[1]);
  if (pdf.toString('latin1', at, at + 4) !== 'xref') {
    throw new UnsupportedPdfError('the cross-reference is a stream (PDF 1.5 compression), not a table');
  }
  // Subsection headers ("first count"), each followed by count entries of exactly 20 bytes.
  const subsections: { first: number; count: number; entriesAt: number }[] = [];
  let pos = at + 4;
  for (;;) {
    const head = /^\s*(\d+) (\d+)[ \t]*\r?\n|^\s*trailer/.exec(pdf.toString('latin1', pos, pos + 40));
    if (!head) throw new UnsupportedPdfError(`the cross-reference table is malformed at byte ${pos}`);
    if (head[1] === undefined) {
      pos += head[0].length;
      break;
    }
    const sub = { first: Number(head[1]), count: Number(head[2]), entriesAt: pos + head[0].length };
    subsections.push(sub);
    pos = sub.entriesAt + sub.count * 20;
  }
  const trailer = new Scanner(pdf.toString('latin1', pos, pdf.length - tail.length + startxref.index)).dict();
  // Forbidden in PDF/A, and pdf-lib does not decrypt.
  if (trailer.entries.has('Encrypt')) throw new FacturXError('the trailer has /Encrypt');
  for (const key of ['Prev', 'XRefStm']) {
    // Prev: an earlier section to merge; XRefStm: a hybrid file.
    if (trailer.entries.has(key)) throw new UnsupportedPdfError(`the trailer has /${key}`);
  }
  const size = trailer.entries.get('Size');
  const root = trailer.entries.get('Root');
  const info = trailer.entries.get('Info');
  if (size?.kind !== 'number' || root?.kind !== 'ref') throw new FacturXError('the trailer lacks /Size or /Root');
  if (info !== undefined && info.kind !== 'ref') throw new FacturXError('the trailer /Info is not a reference');
  return {
    at,
    size: size.value,
    root: root.num,
    info: info?.num,
    offsetOf(num) {
      const sub = subsections.find((s) => num >= s.first && num < s.first + s.count);
      if (!sub) return undefined;
      const entryAt = sub.entriesAt + (num - sub.first) * 20;
      // Generation 0 only: the update rewrites the catalog as `N 0 obj`.
      const entry = /^(\d{10}) 00000 n(?: \r| \n|\r\n)$/.exec(pdf.toString('latin1', entryAt, entryAt + 20));
      return entry ? Number(entry[1]) : undefined;
    },
  };
}

/** An uncompressed object that is a dictionary: its entries, and its text between << and >>. */
function readDict(pdf: Buffer, xref: XrefTable, num: number, what: string): PdfDict {
  const at = xref.offsetOf(num);
  if (at === undefined) {
    throw new UnsupportedPdfError(`the ${what} (object ${num}) is not in the cross-reference table`);
  }
  const end = pdf.indexOf('endobj', at, 'latin1');
  const text = pdf.toString('latin1', at, end < 0 ? pdf.length : end);
  const head = new RegExp(`^${num}\\s+\\d+\\s+obj\\b`).exec(text);
  if (!head) throw new UnsupportedPdfError(`the ${what} is not at the offset the table gives`);
  const scanner = new Scanner(text, head[0].length);
  return scanner.dict();
}

/** The Info entries with an XMP twin; others (Chromium writes none) are left out of the new Info. */
function readInfo(dict: PdfDict): DocInfo {
  const info: DocInfo = {};
  for (const key of infoTextKeys) {
    const v = dict.entries.get(key);
    if (v === undefined) continue;
    if (v.kind !== 'string') throw new FacturXError(`the Info /${key} is not a string`);
    // Characters XML 1.0 cannot carry are dropped from both, so that Info and XMP stay equal.
    info[key] = [...textString(v.bytes)].filter((c) => xmlChar(c.codePointAt(0)!)).join('');
  }
  for (const key of infoDateKeys) {
    const v = dict.entries.get(key);
    if (v === undefined) continue;
    const date = v.kind === 'string' ? parsePdfDate(v.bytes.toString('latin1')) : undefined;
    if (!date) throw new FacturXError(`the Info /${key} is not a date to the second`);
    info[key] = date;
  }
  return info;
}

/** A PDF text string: UTF-16BE after its byte order mark, else ASCII (Skia writes nothing else). */
function textString(bytes: Buffer): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    if (bytes.length % 2 !== 0) throw new FacturXError('an Info string in UTF-16 has an odd length');
    return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  }
  if (bytes.some((b) => b > 0x7e)) throw new UnsupportedPdfError('an Info string uses PDFDocEncoding beyond ASCII');
  return bytes.toString('latin1');
}

type PdfValue =
  | { kind: 'dict'; entries: Map<string, PdfValue>; body: string }
  | { kind: 'string'; bytes: Buffer }
  | { kind: 'number'; value: number }
  | { kind: 'ref'; num: number }
  | { kind: 'other' };
type PdfDict = Extract<PdfValue, { kind: 'dict' }>;

const isSpace = (c: string | undefined) =>
  c === ' ' || c === '\n' || c === '\r' || c === '\t' || c === '\f' || c === '\0';
const regularRun = /[^\0\t\n\f\r ()<>[\]{}/%]+/y;

/**
 * Just enough of the PDF object syntax (ISO 32000-1 §7.3) to read a dictionary's entries: what it
 * does not follow is an UnsupportedPdfError, its message without the PDF's text (it is logged).
 */
class Scanner {
  private readonly s: string;
  private i: number;

  constructor(s: string, at = 0) {
    this.s = s;
    this.i = at;
  }

  dict(): PdfDict {
    const value = this.value();
    if (value.kind !== 'dict') throw new UnsupportedPdfError('a dictionary was expected');
    return value;
  }

  private value(): PdfValue {
    this.skipSpace();
    const { s } = this;
    const c = s[this.i];
    if (c === undefined) throw new UnsupportedPdfError('the object ends too early');
    if (s.startsWith('<<', this.i)) {
      const start = (this.i += 2);
      const entries = new Map<string, PdfValue>();
      for (;;) {
        this.skipSpace();
        if (s.startsWith('>>', this.i)) break;
        if (s[this.i] !== '/') throw new UnsupportedPdfError('a dictionary key was expected');
        entries.set(this.name(), this.value());
      }
      const body = s.slice(start, this.i);
      this.i += 2;
      return { kind: 'dict', entries, body };
    }
    if (c === '[') {
      this.i++;
      for (this.skipSpace(); s[this.i] !== ']'; this.skipSpace()) this.value();
      this.i++;
      return { kind: 'other' };
    }
    if (c === '(') return { kind: 'string', bytes: this.literal() };
    if (c === '<') {
      const end = s.indexOf('>', this.i);
      if (end < 0) throw new UnsupportedPdfError('a hex string is not closed');
      const hex = s.slice(this.i + 1, end).replace(/\s+/g, '');
      this.i = end + 1;
      if (!/^[0-9a-fA-F]*$/.test(hex)) throw new UnsupportedPdfError('a hex string has a character that is not hex');
      return { kind: 'string', bytes: Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex') };
    }
    if (c === '/') {
      this.name();
      return { kind: 'other' };
    }
    const token = this.token();
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(token)) return { kind: 'other' }; // true, false, null
    const ref = /\s*(\d+)\s+R(?![^\0\t\n\f\r ()<>[\]{}/%])/y;
    ref.lastIndex = this.i;
    const m = /^\d+$/.test(token) ? ref.exec(s) : null;
    if (!m) return { kind: 'number', value: Number(token) };
    this.i = ref.lastIndex;
    return { kind: 'ref', num: Number(token) };
  }

  /** A name after its slash, #xx escapes decoded. */
  private name(): string {
    this.i++;
    return this.token().replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  }

  private token(): string {
    regularRun.lastIndex = this.i;
    const m = regularRun.exec(this.s);
    if (!m) throw new UnsupportedPdfError('a token was expected');
    this.i += m[0].length;
    return m[0];
  }

  /** A literal string's bytes: balanced parentheses, backslash escapes, end-of-line as LF. */
  private literal(): Buffer {
    const { s } = this;
    const out: number[] = [];
    let depth = 0;
    for (let i = this.i + 1; i < s.length; i++) {
      const c = s[i]!;
      if (c === '\\') {
        const e = s[++i];
        const simple = { n: 10, r: 13, t: 9, b: 8, f: 12 }[e as 'n'];
        if (simple !== undefined) out.push(simple);
        else if (e !== undefined && e >= '0' && e <= '7') {
          const octal = /[0-7]{1,3}/y;
          octal.lastIndex = i;
          const digits = octal.exec(s)![0];
          out.push(parseInt(digits, 8) & 0xff);
          i += digits.length - 1;
        } else if (e === '\r') {
          if (s[i + 1] === '\n') i++; // a line continuation
        } else if (e !== '\n' && e !== undefined) out.push(e.charCodeAt(0));
        continue;
      }
      if (c === ')' && depth === 0) {
        this.i = i + 1;
        return Buffer.from(out);
      }
      if (c === '(') depth++;
      if (c === ')') depth--;
      if (c === '\r') {
        if (s[i + 1] === '\n') i++;
        out.push(10);
        continue;
      }
      out.push(c.charCodeAt(0));
    }
    throw new UnsupportedPdfError('a literal string is not closed');
  }

  private skipSpace(): void {
    const { s } = this;
    for (;;) {
      while (isSpace(s[this.i])) this.i++;
      if (s[this.i] !== '%') return;
      while (this.i < s.length && s[this.i] !== '\n' && s[this.i] !== '\r') this.i++;
    }
  }
}
