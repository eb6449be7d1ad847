/**
 * invoicectl archive verify: the as-issued archive's check over the admin API (docs/money-trail.md
 * "The as-issued archive"). Wired into cli/main.ts, which owns argument parsing, the HTTP request
 * and output.
 */

type Data = Record<string, unknown>;

export const archiveUsage = `  archive verify WORKSPACE [--page-size N]        (recomputes the SHA-256 of every PDF and e-invoice kept
                                                  as issued; prints each difference or missing file and
                                                  exits 1 on any)`;

/** parseArgs options these commands add. */
export const archiveOptions = {
  'page-size': { type: 'string' },
} as const;

export interface ArchiveCliContext {
  action: string | undefined;
  flags: Record<string, string | boolean | string[] | undefined>;
  request(method: string, path: string): Promise<Data>;
  need(index: number, what: string): string;
  fail(message: string): never;
}

interface Mismatch {
  document_id: string;
  document_number: string;
  kind: string;
  file_id: string;
  expected_sha256: string;
  actual_sha256: string;
}

/** A line per difference: which document, which copy, the hash recorded and the one found. */
export function mismatchLine(m: Mismatch): string {
  const actual = m.actual_sha256 ? m.actual_sha256 : 'missing (the file is gone)';
  return `MISMATCH ${m.document_number} (${m.document_id}) ${m.kind} file ${m.file_id}\n  expected ${m.expected_sha256}\n  actual   ${actual}`;
}

export async function runArchiveCommand(
  ctx: ArchiveCliContext,
): Promise<{ data: Data; text: string; exitCode?: number }> {
  const { action, flags, request, need, fail } = ctx;
  if (action !== 'verify') return fail(`Unknown archive command: ${action ?? '(none)'}.\n\n${archiveUsage}`);
  const ws = encodeURIComponent(need(2, 'WORKSPACE'));
  const pageSize = typeof flags['page-size'] === 'string' ? flags['page-size'] : undefined;
  if (pageSize !== undefined && !/^\d{1,3}$/.test(pageSize)) fail('--page-size takes a number, 1–500.');
  let checked = 0;
  let pages = 0;
  const mismatches: Mismatch[] = [];
  let token: string | undefined;
  do {
    const query = new URLSearchParams();
    if (pageSize) query.set('page_size', pageSize);
    if (token) query.set('page_token', token);
    const qs = query.toString();
    const page = await request('GET', `/workspaces/${ws}/archive/verify${qs ? `?${qs}` : ''}`);
    pages++;
    checked += Number(page.checked ?? 0);
    mismatches.push(...((page.mismatches as Mismatch[] | undefined) ?? []));
    token = typeof page.next_page_token === 'string' && page.next_page_token ? page.next_page_token : undefined;
  } while (token);
  const data = { workspace_id: decodeURIComponent(ws), checked, pages, mismatches };
  const summary =
    mismatches.length === 0
      ? `Archive of workspace ${data.workspace_id}: ${checked} copies checked, all intact.`
      : `Archive of workspace ${data.workspace_id}: ${checked} copies checked, ${mismatches.length} differ.`;
  const text = [...mismatches.map(mismatchLine), summary].join('\n');
  return { data, text, ...(mismatches.length > 0 ? { exitCode: 1 } : {}) };
}
