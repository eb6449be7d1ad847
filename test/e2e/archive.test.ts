import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import test from 'ava';
import mongoose from 'mongoose';
import { germanSeller } from '../support/e-invoice.ts';
import { ApiClient, Platform, repoRoot, stackEnv, waitFor } from '../support/platform.ts';

// The as-issued archive (docs/money-trail.md "The as-issued archive"), end to end through the
// gateway: the first PDF and e-invoice XML of an invoice stay byte-identical, with their SHA-256 on
// the record, whatever is regenerated later; `invoicectl archive verify` finds every copy intact
// on a fresh platform and reports a flipped byte and a deleted file; retention is stated per
// record, 10 years by default or the workspace's own.
const platform = new Platform({
  invoices: true,
  gatewayEnv: { RATE_LIMIT_PLANS: '{"business":100000}', RATE_LIMIT_PER_IP: '100000' },
});

type Obj = Record<string, unknown>;
interface Copy {
  sha256: string;
  size_bytes: number;
  content_type: string;
  stored_at: string;
}
interface InvoiceJson extends Obj {
  id: string;
  invoice_number: string;
  invoice_status: string;
  pdf_status: string;
  issue_date: string;
  as_issued_pdf: Copy | null;
  as_issued_e_invoice: Copy | null;
  retain_until: string | null;
}
type ErrorBody = { error: { name: string; message: string; details?: { errors?: { path: string }[] } } };

let api: ApiClient;
let pdfDb: mongoose.Connection;

test.before(async () => {
  await platform.start();
  api = await platform.client('business', 100);
  const profile = await platform.admin('PUT', `/workspaces/${api.workspaceId}/legal-profile`, germanSeller);
  if (profile.status !== 200) throw new Error(`legal profile: ${profile.status} ${JSON.stringify(profile.body)}`);
  pdfDb = await mongoose
    .createConnection(stackEnv().MONGODB_URI!, { dbName: `pdf_test_${platform.runId}` })
    .asPromise();
});
test.after.always(async () => {
  await pdfDb?.close();
  await platform.stop();
});

const buyer = {
  customer_name: 'Beispiel AG',
  customer_email: 'einkauf@beispiel.example',
  customer_tax_id: 'DE987654321',
  customer_address: { line1: 'Hauptstraße 5', city: 'München', postal_code: '80331', country: 'DE' },
  customer_electronic_address: { scheme: '9930', id: 'DE987654321' },
  buyer_reference: '04011000-12345-03',
};
const items = [{ description: 'Beratung', quantity: 10, price: 120, unit: 'hours', tax_rate: 19 }];

async function generate(client: ApiClient, body: Obj = {}): Promise<InvoiceJson> {
  const res = await client.call<{ data: { id: string } }>('POST', '/api/invoices/generate-external', {
    body: { ...buyer, items, currency: 'EUR', ...body },
  });
  if (res.status !== 200) throw new Error(`generate: ${res.status} ${res.text}`);
  return getInvoice(client, res.body.data.id);
}

async function getInvoice(client: ApiClient, id: string): Promise<InvoiceJson> {
  const res = await client.call<{ data: InvoiceJson }>('GET', `/api/invoices/external/${id}`);
  if (res.status !== 200) throw new Error(`get: ${res.status} ${res.text}`);
  return res.body.data;
}

/** A download's bytes, status and headers. */
async function download(client: ApiClient, urlPath: string) {
  const res = await fetch(`${client.baseUrl}${urlPath}`, {
    headers: { authorization: `Bearer ${client.key}`, 'x-forwarded-for': client.ip },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, sha256: sha256(bytes) };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const digestOf = (hex: string) => `sha-256=:${Buffer.from(hex, 'hex').toString('base64')}:`;

/** Whether retain_until lies `years` calendar years after the invoice's issue (its generate, which stored its PDF). */
function issuedYearsBefore(inv: InvoiceJson, years: number): boolean {
  const issued = new Date(inv.retain_until!);
  issued.setUTCFullYear(issued.getUTCFullYear() - years);
  const stored = new Date(inv.as_issued_pdf!.stored_at).getTime();
  // The generate's clock reading comes first, its render stores the file within its bound after.
  return issued.getTime() <= stored && stored - issued.getTime() < 60_000;
}

/** invoicectl as an operator runs it: exit code and output, whatever the code. */
function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, 'services/gateway/src/cli/main.ts'), '--url', platform.gateway.adminUrl, ...args],
      { env: { ...process.env, ADMIN_TOKEN: platform.adminToken } },
      (err, stdout, stderr) => {
        const code = err ? ((err as { code?: unknown }).code as number) : 0;
        resolve({ code: typeof code === 'number' ? code : 1, stdout, stderr });
      },
    );
  });
}

interface FileDoc {
  _id: string;
  metadata: { invoice_id: string; archived_until?: Date; content_type: string };
}
const files = () => pdfDb.collection<FileDoc>('pdf_files.files');
const chunks = () => pdfDb.collection<{ files_id: string; n: number; data: mongoose.mongo.Binary }>('pdf_files.chunks');

/** The invoice's files kept as issued in the pdf service, once its issuing call or the maintenance pass kept them. */
async function keptFiles(invoiceId: string, expected: number): Promise<FileDoc[]> {
  let kept: FileDoc[] = [];
  await waitFor(`${expected} files of the invoice to be kept`, async () => {
    kept = (await files().find({ filename: invoiceId }).toArray()).filter((f) => f.metadata.archived_until);
    return kept.length === expected;
  });
  return kept;
}

test.serial(
  'as issued: the first PDF and XML stay byte-identical after a status change and a forced regeneration, while the current PDF changes',
  async (t) => {
    const inv = await generate(api, { e_invoice: 'factur-x' });
    t.truthy(inv.as_issued_pdf);
    t.truthy(inv.as_issued_e_invoice);
    t.like(inv.as_issued_pdf!, { content_type: 'application/pdf' });
    t.like(inv.as_issued_e_invoice!, { content_type: 'application/xml' });
    t.regex(inv.as_issued_pdf!.sha256, /^[0-9a-f]{64}$/);

    // The as-issued copies answer exactly the recorded bytes, with their digest.
    const firstPdf = await download(api, `/api/invoices/external/${inv.id}/pdf?as_issued=true`);
    t.is(firstPdf.status, 200);
    t.is(firstPdf.headers.get('content-type'), 'application/pdf');
    t.is(firstPdf.sha256, inv.as_issued_pdf!.sha256);
    t.is(firstPdf.bytes.length, inv.as_issued_pdf!.size_bytes);
    t.is(firstPdf.headers.get('repr-digest'), digestOf(inv.as_issued_pdf!.sha256));
    t.is(firstPdf.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    const current = await download(api, `/api/invoices/external/${inv.id}/pdf`);
    t.is(current.sha256, firstPdf.sha256, 'before any change the current PDF is the first one');

    const firstXml = await download(api, `/api/invoices/external/${inv.id}/e-invoice?as_issued=true`);
    t.is(firstXml.status, 200);
    t.is(firstXml.headers.get('content-type'), 'application/xml; charset=utf-8');
    t.is(firstXml.sha256, inv.as_issued_e_invoice!.sha256);
    const onDemand = await download(api, `/api/invoices/external/${inv.id}/e-invoice`);
    t.is(onDemand.status, 200);
    t.true(onDemand.bytes.equals(firstXml.bytes), 'the XML kept is the one the API makes');

    // A status change re-renders (a PAID stamp), a forced regeneration renders again.
    const paid = await api.call('PUT', `/api/invoices/external/${inv.id}/status`, { body: { status: 'paid' } });
    t.is(paid.status, 200);
    let rerendered = current;
    await waitFor('the paid re-render', async () => {
      const now = await getInvoice(api, inv.id);
      if (now.pdf_status !== 'ready') return false;
      rerendered = await download(api, `/api/invoices/external/${inv.id}/pdf`);
      return rerendered.sha256 !== firstPdf.sha256;
    });
    const forced = await api.call<{ data: Obj }>('POST', `/api/invoices/external/${inv.id}/pdf`, {
      body: { force: true },
    });
    t.is(forced.status, 200);
    const regenerated = await download(api, `/api/invoices/external/${inv.id}/pdf`);
    t.not(regenerated.sha256, firstPdf.sha256);
    t.not(regenerated.sha256, rerendered.sha256, 'the forced render is a new file');

    const after = await getInvoice(api, inv.id);
    t.deepEqual(after.as_issued_pdf, inv.as_issued_pdf, 'the record of the copy does not move');
    t.deepEqual(after.as_issued_e_invoice, inv.as_issued_e_invoice);
    const stillPdf = await download(api, `/api/invoices/external/${inv.id}/pdf?as_issued=true`);
    t.true(stillPdf.bytes.equals(firstPdf.bytes), 'the first PDF, byte for byte');
    const stillXml = await download(api, `/api/invoices/external/${inv.id}/e-invoice?as_issued=true`);
    t.true(stillXml.bytes.equals(firstXml.bytes), 'the first XML, byte for byte');

    // The same on the admin API.
    const adminPdf = await fetch(
      `${platform.gateway.adminUrl}/admin/workspaces/${api.workspaceId}/invoices/${inv.id}/pdf?as_issued=true`,
      {
        headers: { authorization: `Bearer ${platform.adminToken}` },
      },
    );
    t.is(adminPdf.status, 200);
    t.true(Buffer.from(await adminPdf.arrayBuffer()).equals(firstPdf.bytes));
    const adminXml = await fetch(
      `${platform.gateway.adminUrl}/admin/workspaces/${api.workspaceId}/invoices/${inv.id}/e-invoice?as_issued=true`,
      { headers: { authorization: `Bearer ${platform.adminToken}` } },
    );
    t.true(Buffer.from(await adminXml.arrayBuffer()).equals(firstXml.bytes));

    // In the pdf service both copies are kept until the record's retain_until: no sweep takes them.
    const kept = await keptFiles(inv.id, 2);
    t.deepEqual(kept.map((f) => f.metadata.content_type).sort(), ['application/pdf', 'application/xml']);
    for (const f of kept) t.is(new Date(f.metadata.archived_until!).toISOString(), after.retain_until ?? '');
    // The superseded paid render went; the current and the first stay.
    t.is(await files().countDocuments({ filename: inv.id, 'metadata.content_type': 'application/pdf' }), 2);
  },
);

test.serial('as issued: 404 when no copy was kept, and for another workspace’s invoice', async (t) => {
  const plain = await generate(api);
  t.truthy(plain.as_issued_pdf);
  t.is(plain.as_issued_e_invoice, null);
  const noXml = await api.call<ErrorBody>('GET', `/api/invoices/external/${plain.id}/e-invoice?as_issued=true`);
  t.is(noXml.status, 404);
  t.regex(noXml.body.error.message, /No as-issued e-invoice was kept/);

  const other = await platform.client('business', 5);
  const foreign = await other.call<ErrorBody>('GET', `/api/invoices/external/${plain.id}/pdf?as_issued=true`);
  t.is(foreign.status, 404);
  const foreignCurrent = await other.call<ErrorBody>('GET', `/api/invoices/external/${plain.id}/pdf`);
  t.is(foreignCurrent.status, 404);

  const bad = await api.call<ErrorBody>('GET', `/api/invoices/external/${plain.id}/pdf?as_issued=maybe`);
  t.is(bad.status, 400);
  t.deepEqual(
    bad.body.error.details?.errors?.map((e) => e.path),
    ['query.as_issued'],
  );
  // The spec's PDF endpoint is unchanged: POST answers the URL.
  const spec = await api.call<{ data: Obj }>('POST', `/api/invoices/external/${plain.id}/pdf`, { body: {} });
  t.is(spec.status, 200);
  t.like(spec.body.data, { generated: false });
});

test.serial(
  'retention: 10 years by default, the workspace’s own on documents issued after it is set, and a later change shortens nothing',
  async (t) => {
    // retain_until is the issue time (a moment before its PDF was stored) plus 10 calendar years.
    const byDefault = await generate(api);
    t.true(issuedYearsBefore(byDefault, 10));

    // Set before the invoice service reads the workspace (it keeps a read for 5 s).
    const workspace = await platform.createWorkspace('business');
    const set = await cli('--json', 'workspace', 'set-retention', workspace.id, '8');
    t.is(set.code, 0, set.stderr);
    t.is((JSON.parse(set.stdout) as Obj).retention_years, 8);
    t.false('_retention_years' in (JSON.parse(set.stdout) as Obj), 'no decoder marker in the admin JSON');
    const key = await platform.createKey(workspace.id);
    await platform.setCredits(workspace.id, 10);
    const eight = new ApiClient(platform.gateway.baseUrl, key.raw, workspace.id, key.id);
    const first = await generate(eight);
    t.true(issuedYearsBefore(first, 8));

    // Shortened afterwards: what was issued keeps its date, in the record and in the pdf service.
    const shorter = await platform.admin('PUT', `/workspaces/${eight.workspaceId}/retention`, { retention_years: 1 });
    t.is(shorter.status, 200);
    t.is((await getInvoice(eight, first.id)).retain_until, first.retain_until);
    const [kept] = await keptFiles(first.id, 1);
    t.is(new Date(kept!.metadata.archived_until!).toISOString(), first.retain_until ?? '');

    // Back to the default, and the setting's bounds.
    const reset = await cli('workspace', 'set-retention', eight.workspaceId, 'default');
    t.is(reset.code, 0, reset.stderr);
    t.regex(reset.stdout, /kept as issued for 10 \(default\) years/);
    for (const value of [0, 101, 2.5, '8']) {
      const refused = await platform.admin<ErrorBody>('PUT', `/workspaces/${eight.workspaceId}/retention`, {
        retention_years: value,
      });
      t.is(refused.status, 400, String(value));
      t.true(
        (refused.body as unknown as ErrorBody).error.details?.errors?.some((e) =>
          e.path.startsWith('body.retention_years'),
        ),
        String(value),
      );
    }
    const refusedCli = await cli('workspace', 'set-retention', eight.workspaceId, 'forever');
    t.is(refusedCli.code, 1);
    t.regex(refusedCli.stderr, /takes a number of years \(1–100\) or default/);
    const unknown = await platform.admin<ErrorBody>('PUT', '/workspaces/NOSUCHWS/retention', { retention_years: 5 });
    t.is(unknown.status, 404);
  },
);

test.serial(
  'invoicectl archive verify: passes on a fresh workspace, reports a flipped byte and a deleted file, exits 1',
  async (t) => {
    const ws = await platform.client('business', 10);
    const profile = await platform.admin('PUT', `/workspaces/${ws.workspaceId}/legal-profile`, germanSeller);
    t.is(profile.status, 200);
    const a = await generate(ws, { e_invoice: 'factur-x' });
    const b = await generate(ws);
    const c = await generate(ws);

    const clean = await cli('archive', 'verify', ws.workspaceId);
    t.is(clean.code, 0, clean.stderr);
    t.regex(clean.stdout, /4 copies checked, all intact/);
    // Paged one invoice at a time: the same copies, each once.
    const paged = await cli('--json', 'archive', 'verify', ws.workspaceId, '--page-size', '1');
    t.is(paged.code, 0, paged.stderr);
    t.like(JSON.parse(paged.stdout) as Obj, { checked: 4, pages: 3, mismatches: [] });

    // One byte of b's first PDF flipped in the pdf service's database.
    const fileId = (await files().findOne({ filename: b.id }))!._id;
    const chunk = (await chunks().findOne({ files_id: fileId, n: 0 }))!;
    const bytes = Buffer.from(chunk.data.buffer);
    bytes[200] = bytes[200]! ^ 0x01;
    await chunks().updateOne({ files_id: fileId, n: 0 }, { $set: { data: new mongoose.mongo.Binary(bytes) } });
    const all = Buffer.concat(
      (await chunks().find({ files_id: fileId }).sort({ n: 1 }).toArray()).map((x) => Buffer.from(x.data.buffer)),
    );

    const flipped = await cli('archive', 'verify', ws.workspaceId);
    t.is(flipped.code, 1);
    t.true(
      flipped.stdout.includes(
        `MISMATCH ${b.invoice_number} (${b.id}) pdf file ${fileId}\n  expected ${b.as_issued_pdf!.sha256}\n  actual   ${sha256(all)}`,
      ),
      flipped.stdout,
    );
    t.regex(flipped.stdout, /4 copies checked, 1 differ\./);

    // a's XML deleted outright: reported as missing.
    const xmlFile = (await files().findOne({ filename: a.id, 'metadata.content_type': 'application/xml' }))!._id;
    await files().deleteOne({ _id: xmlFile });
    await chunks().deleteMany({ files_id: xmlFile });
    const json = await cli('--json', 'archive', 'verify', ws.workspaceId);
    t.is(json.code, 1);
    const report = JSON.parse(json.stdout) as { checked: number; mismatches: Obj[] };
    t.is(report.checked, 4);
    t.deepEqual(
      report.mismatches.map((m) => [m.document_id, m.kind, m.expected_sha256, m.actual_sha256]).sort(),
      [
        [a.id, 'e_invoice', a.as_issued_e_invoice!.sha256, ''],
        [b.id, 'pdf', b.as_issued_pdf!.sha256, sha256(all)],
      ].sort(),
    );
    const human = await cli('archive', 'verify', ws.workspaceId);
    t.regex(human.stdout, /actual {3}missing \(the file is gone\)/);
    // c is untouched and named nowhere.
    t.false(human.stdout.includes(c.id));

    // A download of the flipped copy answers the bytes as they are, with the digest recorded at issue.
    const served = await download(ws, `/api/invoices/external/${b.id}/pdf?as_issued=true`);
    t.is(served.sha256, sha256(all));
    t.is(served.headers.get('repr-digest'), digestOf(b.as_issued_pdf!.sha256));

    // Another workspace's archive is its own, and a page token is checked.
    const fresh = await platform.client('business', 1);
    const none = await cli('archive', 'verify', fresh.workspaceId);
    t.is(none.code, 0);
    t.regex(none.stdout, /0 copies checked, all intact/);
    const badToken = await platform.admin<ErrorBody>(
      'GET',
      `/workspaces/${ws.workspaceId}/archive/verify?page_token=nope`,
    );
    t.is(badToken.status, 400);
    t.regex((badToken.body as unknown as ErrorBody).error.message + JSON.stringify(badToken.body), /page_token/);
    const unknownWs = await cli('archive', 'verify', 'NOSUCHWS');
    t.is(unknownWs.code, 1);
    t.regex(unknownWs.stderr, /^404 NotFoundError/);
  },
);

test.serial(
  'as issued: a credit note keeps its first PDF and XML, downloadable and verified with its invoice',
  async (t) => {
    const ws = await platform.client('business', 10);
    const profile = await platform.admin('PUT', `/workspaces/${ws.workspaceId}/legal-profile`, germanSeller);
    t.is(profile.status, 200);
    const inv = await generate(ws, { e_invoice: 'factur-x' });
    const issued = await ws.call<{
      data: Obj & {
        id: string;
        as_issued_pdf: Copy | null;
        as_issued_e_invoice: Copy | null;
        retain_until: string | null;
      };
    }>('POST', `/api/invoices/external/${inv.id}/credit-notes`, {
      body: {
        reason: 'Rabatt nachträglich gewährt',
        items: [{ description: 'Rabatt', quantity: 1, price: 100, tax_rate: 19 }],
      },
    });
    t.is(issued.status, 200, issued.text);
    const note = issued.body.data;
    t.truthy(note.as_issued_pdf);
    t.truthy(note.as_issued_e_invoice);
    t.truthy(note.retain_until);

    const pdf = await download(ws, `/api/credit-notes/external/${note.id}/pdf?as_issued=true`);
    t.is(pdf.status, 200);
    t.is(pdf.sha256, note.as_issued_pdf!.sha256);
    t.is(pdf.headers.get('repr-digest'), digestOf(note.as_issued_pdf!.sha256));
    const xml = await download(ws, `/api/credit-notes/external/${note.id}/e-invoice?as_issued=true`);
    t.is(xml.status, 200);
    t.is(xml.sha256, note.as_issued_e_invoice!.sha256);
    const onDemand = await download(ws, `/api/credit-notes/external/${note.id}/e-invoice`);
    t.true(onDemand.bytes.equals(xml.bytes), 'the XML kept is the one the API makes');
    const admin = await fetch(
      `${platform.gateway.adminUrl}/admin/workspaces/${ws.workspaceId}/credit-notes/${note.id}/pdf?as_issued=true`,
      { headers: { authorization: `Bearer ${platform.adminToken}` } },
    );
    t.is(admin.status, 200);
    t.is(sha256(Buffer.from(await admin.arrayBuffer())), note.as_issued_pdf!.sha256);

    // Another workspace's note is a 404, as an unknown one.
    const other = await platform.client('business', 1);
    t.is((await other.call('GET', `/api/credit-notes/external/${note.id}/pdf?as_issued=true`)).status, 404);

    // The invoice's two copies and the note's two: all checked, all intact.
    const verified = await cli('--json', 'archive', 'verify', ws.workspaceId);
    t.is(verified.code, 0, verified.stderr);
    t.like(JSON.parse(verified.stdout) as Obj, { checked: 4, mismatches: [] });
    await keptFiles(note.id, 2);
  },
);
