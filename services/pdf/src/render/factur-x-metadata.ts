/**
 * What both Factur-X writers (factur-x.ts's incremental update, factur-x-pdf-lib.ts's rewrite)
 * write alike: the file name, the sRGB output intent's profile, the XMP packet and the Info values
 * it repeats, and their refusal, so that either writer's file carries the same metadata.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

/** The name Factur-X readers (and the Mustang validator) look for. */
export const facturXFileName = 'factur-x.xml';
/** XMP fx:ConformanceLevel: the profile of the XML the invoice service makes. */
export const facturXConformanceLevel = 'EN 16931';

const assetsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets');
/**
 * The output intent's profile (assets/sRGB.icc, licence beside it): Chromium paints in DeviceRGB,
 * which PDF/A accepts only under an RGB output intent. Read and compressed once, at start-up.
 */
export const srgbProfile = deflateSync(readFileSync(path.join(assetsDir, 'sRGB.icc')));

/** The PDF cannot be made Factur-X PDF/A-3b; the message says why. */
export class FacturXError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FacturXError';
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
