/** Reading a service's Prometheus endpoint in tests (docs/observability.md). */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The samples at `url` (a /metrics endpoint). */
export async function scrapeMetrics(url: string): Promise<Sample[]> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return parseMetrics(await res.text());
}

/** The samples named `name` whose labels include `labels` (a RegExp value matches the label's value). */
export function selectSamples(samples: Sample[], name: string, labels: Record<string, string | RegExp> = {}): Sample[] {
  return samples.filter(
    (s) =>
      s.name === name &&
      Object.entries(labels).every(([k, v]) => (typeof v === 'string' ? s.labels[k] === v : v.test(s.labels[k] ?? ''))),
  );
}

export const sumSamples = (samples: Sample[]): number => samples.reduce((n, s) => n + s.value, 0);
