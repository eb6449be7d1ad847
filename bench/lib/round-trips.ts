import { type Sample, scrapeMetrics, selectSamples } from '../../test/support/metrics.ts';

/**
 * What each service sent to MongoDB (commands by name) and to Kafka (messages by topic, all of
 * them go through the outbox relay), from the counters on its /metrics, between phase marks. The
 * counters are cumulative: a phase's figures are the difference of the scrapes at its two marks.
 * Four scrapes a mark cost next to nothing, so this always runs.
 */

export interface Traffic {
  /** Commands by name (find, update, insert, ...). */
  mongodb: Record<string, number>;
  /** Messages produced by topic. */
  kafka: Record<string, number>;
}

export interface PhaseTraffic {
  phase: string;
  services: Record<string, Traffic>;
}

export interface MetricsEndpoint {
  name: string;
  url: string;
}

const byLabel = (samples: Sample[], name: string, label: string): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const s of selectSamples(samples, name)) {
    const key = s.labels[label] ?? '';
    out[key] = (out[key] ?? 0) + s.value;
  }
  return out;
};

const minus = (b: Record<string, number>, a: Record<string, number>): Record<string, number> =>
  Object.fromEntries(
    Object.entries(b)
      .map(([k, v]) => [k, v - (a[k] ?? 0)] as const)
      .filter(([, d]) => d > 0),
  );

export class RoundTrips {
  private readonly endpoints: MetricsEndpoint[];
  private last: { phase: string; services: Record<string, Traffic> } | undefined;
  readonly phases: PhaseTraffic[] = [];

  constructor(endpoints: MetricsEndpoint[]) {
    this.endpoints = endpoints;
  }

  /** Ends the current phase (if any) and starts `phase`. */
  async mark(phase: string): Promise<void> {
    const scraped = await Promise.all(
      this.endpoints.map(async ({ name, url }) => {
        const samples = await scrapeMetrics(url);
        const traffic: Traffic = {
          mongodb: byLabel(samples, 'invoice_platform_mongodb_commands_total', 'command'),
          kafka: byLabel(samples, 'invoice_platform_outbox_published_total', 'topic'),
        };
        return [name, traffic] as const;
      }),
    );
    const now = Object.fromEntries(scraped);
    if (this.last) {
      const before = this.last.services;
      this.phases.push({
        phase: this.last.phase,
        services: Object.fromEntries(
          Object.entries(now).map(([name, t]) => [
            name,
            { mongodb: minus(t.mongodb, before[name]!.mongodb), kafka: minus(t.kafka, before[name]!.kafka) },
          ]),
        ),
      });
    }
    this.last = { phase, services: now };
  }

  /** The sum over `phases` (by name), per service. */
  total(phases: string[]): Record<string, Traffic> {
    const out: Record<string, Traffic> = {};
    for (const p of this.phases.filter((x) => phases.includes(x.phase))) {
      for (const [name, t] of Object.entries(p.services)) {
        const sum = (out[name] ??= { mongodb: {}, kafka: {} });
        for (const [k, v] of Object.entries(t.mongodb)) sum.mongodb[k] = (sum.mongodb[k] ?? 0) + v;
        for (const [k, v] of Object.entries(t.kafka)) sum.kafka[k] = (sum.kafka[k] ?? 0) + v;
      }
    }
    return out;
  }
}
