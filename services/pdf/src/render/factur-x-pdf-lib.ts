/**
 * The Factur-X step written with pdf-lib (a parse of the PDF and a full rewrite): factur-x.ts's
 * toFacturX runs it for the PDFs its incremental update does not read (an earlier update,
 * cross-reference streams, a catalog with /Metadata, /Names or /OutputIntents). Same objects and
 * values as the update (factur-x-metadata.ts): factur-x.xml with AFRelationship Alternative in /AF and /Names, the sRGB
 * output intent, the same XMP (factur-x.ts's own), an Info equal to it and a trailer /ID from both
 * inputs. An existing /Metadata and /OutputIntents are replaced; /Names gains the file.
 */
import { createHash } from 'node:crypto';
import { AFRelationship, ParseSpeeds, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import {
  type DocInfo,
  FacturXError,
  facturXFileName,
  infoDateKeys,
  infoTextKeys,
  parsePdfDate,
  pdfDate,
  xmlChar,
  srgbProfile,
  xmp,
} from './factur-x-metadata.ts';

export interface PdfLibOptions {
  /**
   * pdf-lib's default: objects in object streams and a cross-reference stream. toFacturX writes
   * without; services/pdf/bench/pdfa-writers.ts measures both.
   */
  objectStreams: boolean;
}

export async function toFacturXPdfLib(pdf: Uint8Array, xml: string, opts: PdfLibOptions): Promise<Buffer> {
  // updateMetadata false: pdf-lib would otherwise set its own Producer and dates in the Info.
  const doc = await PDFDocument.load(pdf, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  const { context, catalog } = doc;
  if (catalog.has(PDFName.of('AF'))) throw new FacturXError('the catalog already has /AF');
  const info = readInfo(context.lookupMaybe(context.trailerInfo.Info, PDFDict));
  const modDate = info.ModDate ?? info.CreationDate;
  if (!modDate) throw new FacturXError('the Info dictionary has no date');

  const xmlBytes = Buffer.from(xml, 'utf8');
  await doc.attach(xmlBytes, facturXFileName, {
    mimeType: 'text/xml',
    description: 'Factur-X invoice',
    modificationDate: new Date(xmpInstant(modDate)),
    afRelationship: AFRelationship.Alternative,
  });
  const icc = context.register(context.stream(srgbProfile, { N: 3, Filter: 'FlateDecode' }));
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
    Info: PDFString.of('sRGB IEC61966-2.1'),
    DestOutputProfile: icc,
  });
  catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(intent)]));
  // Unfiltered, as PDF/A wants of the metadata stream.
  const metadata = context.stream(Buffer.from(xmp(info), 'utf8'), { Type: 'Metadata', Subtype: 'XML' });
  catalog.set(PDFName.of('Metadata'), context.register(metadata));
  context.trailerInfo.Info = context.register(infoDict(doc, info));
  const id = createHash('sha256').update(pdf).update(xmlBytes).digest().subarray(0, 16).toString('hex');
  context.trailerInfo.ID = context.obj([PDFHexString.of(id), PDFHexString.of(id)]);

  const out = await doc.save({
    useObjectStreams: opts.objectStreams,
    addDefaultPage: false,
    // Else pdf-lib may add an /AcroForm to a document without one.
    updateFieldAppearances: false,
    objectsPerTick: Infinity,
  });
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

function readInfo(dict: PDFDict | undefined): DocInfo {
  if (!dict) throw new FacturXError('the trailer has no /Info');
  const info: DocInfo = {};
  const text = (key: string) => {
    const v = dict.lookup(PDFName.of(key));
    if (v === undefined) return undefined;
    if (!(v instanceof PDFString || v instanceof PDFHexString)) {
      throw new FacturXError(`the Info /${key} is not a string`);
    }
    return v.decodeText();
  };
  for (const key of infoTextKeys) {
    const v = text(key);
    if (v !== undefined) info[key] = [...v].filter((c) => xmlChar(c.codePointAt(0)!)).join('');
  }
  for (const key of infoDateKeys) {
    const v = text(key);
    if (v === undefined) continue;
    const date = parsePdfDate(v);
    if (!date) throw new FacturXError(`the Info /${key} is not a date to the second`);
    info[key] = date;
  }
  return info;
}

const xmpInstant = (d: NonNullable<DocInfo['ModDate']>) => `${d.y}-${d.mo}-${d.d}T${d.h}:${d.mi}:${d.s}${d.offset}`;

function infoDict(doc: PDFDocument, info: DocInfo): PDFDict {
  const dict = doc.context.obj({});
  for (const key of infoTextKeys) {
    const v = info[key];
    if (v !== undefined)
      dict.set(PDFName.of(key), /^[\x20-\x7e]*$/.test(v) ? PDFString.of(escape(v)) : PDFHexString.fromText(v));
  }
  for (const key of infoDateKeys) {
    const v = info[key];
    if (v !== undefined) dict.set(PDFName.of(key), PDFString.of(pdfDate(v).slice(1, -1)));
  }
  return dict;
}

/** PDFString.of writes its text as it is, between parentheses. */
const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
