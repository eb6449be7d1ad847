import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

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
 * uncompressed catalog and Info dictionary. Anything else is a FacturXError naming what it met,
 * never a file that only looks compliant.
 */

/** The name Factur-X readers (and the Mustang validator) look for. */
export const facturXFileName = 'factur-x.xml';
/** XMP fx:ConformanceLevel: the profile of the XML the invoice service makes. */
export const facturXConformanceLevel = 'EN 16931';

const assetsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets');
/**
 * The output intent's profile (assets/sRGB.icc, licence beside it): Chromium paints in DeviceRGB,
 * which PDF/A accepts only under an RGB output intent. Read and compressed once, at start-up.
 */
const srgbProfile = deflateSync(readFileSync(path.join(assetsDir, 'sRGB.icc')));

/** The PDF has a structure this incremental update does not handle; the message says which. */
export class FacturXError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FacturXError';
  }
}

/**
 * Chromium's PDF with `xml` embedded as Factur-X, PDF/A-3b. The same bytes and XML give the same
 * output: the metadata comes from Chromium's Info dictionary (its print time, so every render is
 * a new document), and the trailer /ID is a hash of both inputs.
 */
export function toFacturX(pdf: Uint8Array, xml: string): Buffer {
  const original = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const xref = readXrefTable(original);
  const catalog = readDict(original, xref, xref.root, 'catalog');
  for (const key of ['Names', 'AF', 'Metadata', 'OutputIntents']) {
    if (catalog.entries.has(key)) throw new FacturXError(`the catalog already has /${key}`);
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

/** The Info entries that have an XMP twin (ISO 19005-3 §6.6.2.3.1: where present, both must agree). */
export interface DocInfo {
  Title?: string;
  Author?: string;
  Subject?: string;
  Keywords?: string;
  Creator?: string;
  Producer?: string;
  CreationDate?: PdfDate;
  ModDate?: PdfDate;
}
export const infoTextKeys = ['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer'] as const;
export const infoDateKeys = ['CreationDate', 'ModDate'] as const;

/** A PDF date to the second; `offset` is ±HH:mm, or Z. */
interface PdfDate {
  y: string;
  mo: string;
  d: string;
  h: string;
  mi: string;
  s: string;
  offset: string;
}

export function pdfDate(d: PdfDate): string {
  const tz = d.offset === 'Z' ? 'Z' : `${d.offset.replace(':', "'")}'`;
  return `(D:${d.y}${d.mo}${d.d}${d.h}${d.mi}${d.s}${tz})`;
}

function xmpDate(d: PdfDate): string {
  return `${d.y}-${d.mo}-${d.d}T${d.h}:${d.mi}:${d.s}${d.offset}`;
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

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const facturXProperties = [
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
] as const;

/**
 * The XMP packet: PDF/A-3b identification, the Info entries again (same values), and the Factur-X
 * extension schema, declared as PDF/A requires for any schema outside its predefined list.
 * Exported with the Info helpers around it for services/pdf/bench/pdfa-writers.ts, whose pdf-lib
 * writer must write the same metadata for the comparison to hold.
 */
export function xmp(info: DocInfo): string {
  const description = (ns: string, body: string) =>
    body === '' ? '' : `  <rdf:Description rdf:about="" ${ns}>\n${body}  </rdf:Description>\n`;
  /** One property line, or none when the Info entry is absent. */
  const property = <T>(value: T | undefined, text: (v: T) => string) =>
    value === undefined ? '' : `   ${text(value)}\n`;
  const alt = (s: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${xmlText(s)}</rdf:li></rdf:Alt>`;
  const properties = facturXProperties
    .map(
      ([name, text]) =>
        `      <rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${text}</pdfaProperty:description></rdf:li>\n`,
    )
    .join('');
  return (
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">\n' +
    ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n' +
    description(
      'xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"',
      '   <pdfaid:part>3</pdfaid:part>\n   <pdfaid:conformance>B</pdfaid:conformance>\n',
    ) +
    description(
      'xmlns:dc="http://purl.org/dc/elements/1.1/"',
      '   <dc:format>application/pdf</dc:format>\n' +
        property(info.Title, (v) => `<dc:title>${alt(v)}</dc:title>`) +
        property(info.Author, (v) => `<dc:creator><rdf:Seq><rdf:li>${xmlText(v)}</rdf:li></rdf:Seq></dc:creator>`) +
        property(info.Subject, (v) => `<dc:description>${alt(v)}</dc:description>`),
    ) +
    description(
      'xmlns:pdf="http://ns.adobe.com/pdf/1.3/"',
      property(info.Producer, (v) => `<pdf:Producer>${xmlText(v)}</pdf:Producer>`) +
        property(info.Keywords, (v) => `<pdf:Keywords>${xmlText(v)}</pdf:Keywords>`),
    ) +
    description(
      'xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
      property(info.Creator, (v) => `<xmp:CreatorTool>${xmlText(v)}</xmp:CreatorTool>`) +
        property(info.CreationDate, (v) => `<xmp:CreateDate>${xmpDate(v)}</xmp:CreateDate>`) +
        property(info.ModDate, (v) => `<xmp:ModifyDate>${xmpDate(v)}</xmp:ModifyDate>`) +
        property(info.ModDate, (v) => `<xmp:MetadataDate>${xmpDate(v)}</xmp:MetadataDate>`),
    ) +
    description(
      'xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#"',
      '   <pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">\n' +
        '    <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>\n' +
        '    <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>\n' +
        '    <pdfaSchema:prefix>fx</pdfaSchema:prefix>\n' +
        `    <pdfaSchema:property><rdf:Seq>\n${properties}    </rdf:Seq></pdfaSchema:property>\n` +
        '   </rdf:li></rdf:Bag></pdfaExtension:schemas>\n',
    ) +
    description(
      'xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"',
      '   <fx:DocumentType>INVOICE</fx:DocumentType>\n' +
        `   <fx:DocumentFileName>${facturXFileName}</fx:DocumentFileName>\n` +
        '   <fx:Version>1.0</fx:Version>\n' +
        `   <fx:ConformanceLevel>${facturXConformanceLevel}</fx:ConformanceLevel>\n`,
    ) +
    ' </rdf:RDF>\n' +
    '</x:xmpmeta>\n' +
    '<?xpacket end="w"?>'
  );
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
  if (!startxref) throw new FacturXError('the file does not end with startxref and %%EOF');
  const at = Number(startxref[1]);
  if (pdf.toString('latin1', at, at + 4) !== 'xref') {
    throw new FacturXError('the cross-reference is a stream (PDF 1.5 compression), not a table');
  }
  // Subsection headers ("first count"), each followed by count entries of exactly 20 bytes.
  const subsections: { first: number; count: number; entriesAt: number }[] = [];
  let pos = at + 4;
  for (;;) {
    const head = /^\s*(\d+) (\d+)[ \t]*\r?\n|^\s*trailer/.exec(pdf.toString('latin1', pos, pos + 40));
    if (!head) throw new FacturXError(`the cross-reference table is malformed at byte ${pos}`);
    if (head[1] === undefined) {
      pos += head[0].length;
      break;
    }
    const sub = { first: Number(head[1]), count: Number(head[2]), entriesAt: pos + head[0].length };
    subsections.push(sub);
    pos = sub.entriesAt + sub.count * 20;
  }
  const trailer = new Scanner(pdf.toString('latin1', pos, pdf.length - tail.length + startxref.index)).dict();
  for (const key of ['Prev', 'Encrypt', 'XRefStm']) {
    // Prev: an earlier section to merge; Encrypt: forbidden in PDF/A; XRefStm: a hybrid file.
    if (trailer.entries.has(key)) throw new FacturXError(`the trailer has /${key}`);
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
  if (at === undefined) throw new FacturXError(`the ${what} (object ${num}) is not in the cross-reference table`);
  const end = pdf.indexOf('endobj', at, 'latin1');
  const text = pdf.toString('latin1', at, end < 0 ? pdf.length : end);
  const head = new RegExp(`^${num}\\s+\\d+\\s+obj\\b`).exec(text);
  if (!head) throw new FacturXError(`the ${what} is not at the offset the table gives`);
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

/** `D:YYYYMMDDHHmmSS` with an optional offset (none is UTC); undefined for anything else. */
export function parsePdfDate(text: string): PdfDate | undefined {
  const m = /^D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:(Z)(?:00'?(?:00'?)?)?|([+-])(\d{2})'?(\d{2})'?)?$/.exec(
    text,
  );
  if (!m) return undefined;
  const offset = m[8] ? `${m[8]}${m[9]}:${m[10]}` : 'Z';
  return { y: m[1]!, mo: m[2]!, d: m[3]!, h: m[4]!, mi: m[5]!, s: m[6]!, offset };
}

/** XML 1.0's Char production. */
export const xmlChar = (c: number) =>
  c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || c >= 0x10000;

/** A PDF text string: UTF-16BE after its byte order mark, else ASCII (Skia writes nothing else). */
function textString(bytes: Buffer): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    if (bytes.length % 2 !== 0) throw new FacturXError('an Info string in UTF-16 has an odd length');
    return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  }
  if (bytes.some((b) => b > 0x7e)) throw new FacturXError('an Info string uses PDFDocEncoding beyond ASCII');
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

/** Just enough of the PDF object syntax (ISO 32000-1 §7.3) to read a dictionary's entries. */
class Scanner {
  private readonly s: string;
  private i: number;

  constructor(s: string, at = 0) {
    this.s = s;
    this.i = at;
  }

  dict(): PdfDict {
    const value = this.value();
    if (value.kind !== 'dict') throw new FacturXError('a dictionary was expected');
    return value;
  }

  private value(): PdfValue {
    this.skipSpace();
    const { s } = this;
    const c = s[this.i];
    if (c === undefined) throw new FacturXError('the object ends too early');
    if (s.startsWith('<<', this.i)) {
      const start = (this.i += 2);
      const entries = new Map<string, PdfValue>();
      for (;;) {
        this.skipSpace();
        if (s.startsWith('>>', this.i)) break;
        if (s[this.i] !== '/')
          throw new FacturXError(`a dictionary key was expected at "${s.slice(this.i, this.i + 20)}"`);
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
      if (end < 0) throw new FacturXError('a hex string is not closed');
      const hex = s.slice(this.i + 1, end).replace(/\s+/g, '');
      this.i = end + 1;
      if (!/^[0-9a-fA-F]*$/.test(hex)) throw new FacturXError('a hex string has a character that is not hex');
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
    if (!m) throw new FacturXError(`unexpected "${this.s.slice(this.i, this.i + 20)}"`);
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
    throw new FacturXError('a literal string is not closed');
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
