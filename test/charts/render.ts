import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { repoRoot } from '../support/platform.ts';

// Helm and kubeconform from .tools (scripts/ensure-helm.sh, scripts/ensure-kubeconform.sh); the
// Kubernetes schemas are a pinned local copy, so nothing here reaches the network.
const run = promisify(execFile);
export const helm = path.join(repoRoot, '.tools/go-bin/helm');
const kubeconform = path.join(repoRoot, '.tools/go-bin/kubeconform');
const schemas = path.join(repoRoot, '.tools/kubernetes-json-schema');
export const chart = path.join(repoRoot, 'charts/invoice-platform');
export const ciValues = ['default', 'production'].map((n) => path.join(chart, 'ci', `${n}-values.yaml`));

/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests are read the way a
   reviewer reads YAML, field by field, without a type per Kubernetes kind. */
export type Manifest = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> }; spec?: any; data?: Record<string, string> };

export interface RenderOptions {
  release?: string;
  values?: string[];
  set?: string[];
  chartDir?: string;
}

export async function renderText(opts: RenderOptions = {}): Promise<string> {
  const args = ['template', opts.release ?? 'ip', opts.chartDir ?? chart, '--namespace', 'invoicing'];
  for (const v of opts.values ?? []) args.push('-f', v);
  for (const s of opts.set ?? []) args.push('--set', s);
  const { stdout } = await run(helm, args, { maxBuffer: 32 * 1024 * 1024 });
  return stdout;
}

export function parseManifests(text: string): Manifest[] {
  return parseAllDocuments(text)
    .map((d) => d.toJSON() as Manifest | null)
    .filter((m): m is Manifest => m !== null);
}

export async function render(opts: RenderOptions = {}): Promise<Manifest[]> {
  return parseManifests(await renderText(opts));
}

export async function lint(values: string[] = []): Promise<void> {
  await run(helm, ['lint', '--strict', chart, ...values.flatMap((v) => ['-f', v])]);
}

/** kubeconform's verdict on a rendered stream: strict (unknown fields refused), no resource skipped. */
export async function kubeconformCheck(text: string): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      kubeconform,
      ['-strict', '-summary', '-schema-location', path.join(schemas, '{{ .ResourceKind }}{{ .KindSuffix }}.json'), '-'],
      { maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const output = `${stdout}${stderr}`;
        if (err && typeof err.code !== 'number') reject(err);
        else resolve({ ok: !err && /Invalid: 0, Errors: 0, Skipped: 0/.test(output), output });
      },
    );
    child.stdin!.end(text);
  });
}

export const containersOf = (m: Manifest): any[] => [
  ...((m.spec?.template?.spec?.initContainers as unknown[]) ?? []),
  ...((m.spec?.template?.spec?.containers as unknown[]) ?? []),
];
