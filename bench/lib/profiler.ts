import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, repoRoot } from '../../test/support/platform.ts';

/**
 * CPU profiles of the service processes, one per phase (`pnpm bench --profile`): each service
 * starts with the V8 inspector on a loopback port of its own, and at every phase mark its profile
 * is stopped, saved as a .cpuprofile (Chrome DevTools, speedscope) and summed up by package and
 * by function, and a new one started. Only each process's main thread is profiled: the pdf
 * service's jsreport and print workers are threads with isolates of their own.
 */

/** The part of a V8 CPU profile (Chrome DevTools Protocol `Profiler.Profile`) read here. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface SelfTime {
  name: string;
  ms: number;
}

export interface ProfileSummary {
  /** Sampled time on the main thread but for "(idle)", in ms: what the tables divide per operation. */
  busy_ms: number;
  idle_ms: number;
  samples: number;
  /** Self time by package, then by function (name, file:line), largest first; idle left out. */
  packages: SelfTime[];
  functions: SelfTime[];
}

/** One Chrome DevTools Protocol session on a process's inspector. */
class Inspector {
  private readonly socket: WebSocket;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: unknown) => void; reject: (e: Error) => void }>();

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.addEventListener('message', (event) => {
      const msg = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
      const call = msg.id === undefined ? undefined : this.pending.get(msg.id);
      if (!call) return; // an event: none is subscribed to
      this.pending.delete(msg.id!);
      if (msg.error) call.reject(new Error(msg.error.message));
      else call.resolve(msg.result);
    });
    socket.addEventListener('close', () => {
      for (const call of this.pending.values()) call.reject(new Error('inspector connection closed'));
      this.pending.clear();
    });
  }

  static async connect(port: number): Promise<Inspector> {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      webSocketDebuggerUrl: string;
    }[];
    if (!targets[0]) throw new Error(`no inspector target on port ${port}`);
    const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`inspector on port ${port}: connection failed`)), {
        once: true,
      });
    });
    return new Inspector(socket);
  }

  send<T = unknown>(method: string, params: object = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (r: unknown) => void, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  close(): void {
    this.socket.close();
  }
}

const special = new Set(['(garbage collector)', '(program)', '(idle)', '(root)']);

/**
 * Who a frame's code belongs to: the npm package (the last node_modules/ in the path, so pnpm's
 * .pnpm/<pkg>@<version>/node_modules/<pkg> counts as <pkg>), `node` for Node's own modules,
 * services/<name> for the repo's code (workspace packages resolve to their real path there).
 */
function packageOf(url: string, functionName: string): string {
  if (!url) return special.has(functionName) ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node';
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [first, second] = file.slice(modules + '/node_modules/'.length).split('/');
    return first!.startsWith('@') ? `${first}/${second}` : first!;
  }
  const relative = path.relative(repoRoot, file);
  if (relative.startsWith('..')) return file;
  const [top, name] = relative.split('/');
  return top === 'services' ? `services/${name}` : top!;
}

function functionOf(frame: CpuProfile['nodes'][number]['callFrame']): string {
  const { functionName, url, lineNumber } = frame;
  if (!url) return functionName || '(anonymous)';
  return `${functionName || '(anonymous)'} ${path.basename(url)}:${lineNumber + 1}`;
}

const top = (byName: Map<string, number>, n: number): SelfTime[] =>
  [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => ({ name, ms: Math.round(us) / 1000 }));

/**
 * Self time per function and per package. Each sample stands for the time until the next one (the
 * last: until the profile's end), as Chrome DevTools counts it.
 */
export function summarize(profile: CpuProfile, keep = 20): ProfileSummary {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  let at = profile.startTime + (deltas[0] ?? 0);
  for (let i = 0; i < samples.length; i++) {
    const next = i + 1 < samples.length ? at + deltas[i + 1]! : profile.endTime;
    const us = Math.max(0, next - at);
    at = next;
    const frame = frames.get(samples[i]!)!;
    if (frame.functionName === '(idle)' && !frame.url) {
      idle += us;
      continue;
    }
    busy += us;
    const fn = functionOf(frame);
    const pkg = packageOf(frame.url, frame.functionName);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  return {
    busy_ms: Math.round(busy) / 1000,
    idle_ms: Math.round(idle) / 1000,
    samples: samples.length,
    packages: top(byPackage, keep),
    functions: top(byFunction, keep),
  };
}

const slug = (phase: string) =>
  phase
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export class PhaseProfiler {
  /** Where each service's inspector listens, by service name. */
  private readonly ports: Record<string, number>;
  readonly intervalUs: number;
  private dir = '';
  private readonly sessions = new Map<string, Inspector>();
  private current: string | undefined;
  /** By phase, then by service. */
  readonly summaries: Record<string, Record<string, ProfileSummary>> = {};

  private constructor(ports: Record<string, number>, intervalUs: number) {
    this.ports = ports;
    this.intervalUs = intervalUs;
  }

  /** Claims an inspector port for each service; `env(name)` then goes into its start env. */
  static async forServices(names: string[], intervalUs = 500): Promise<PhaseProfiler> {
    const ports: Record<string, number> = {};
    for (const name of names) ports[name] = await freePort();
    return new PhaseProfiler(ports, intervalUs);
  }

  /** For the service's start env; it replaces a NODE_OPTIONS of the environment (pnpm sets none). */
  env(name: string): Record<string, string> {
    return { NODE_OPTIONS: `--inspect=127.0.0.1:${this.ports[name]}` };
  }

  /**
   * For another process of a service whose env() applies to every start (a second gateway): it
   * would fail to take the port the first one holds.
   */
  withoutInspector(): Record<string, string> {
    return { NODE_OPTIONS: '' };
  }

  /**
   * Once the services run: one session each, the profiler enabled at the sampling interval;
   * profiles go to `dir`/<phase>/<service>.cpuprofile.
   */
  async attach(dir: string): Promise<void> {
    this.dir = dir;
    for (const [name, port] of Object.entries(this.ports)) {
      const session = await Inspector.connect(port);
      this.sessions.set(name, session);
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: this.intervalUs });
    }
  }

  /**
   * Ends the current phase's profiles (saved and summed up) and, when `profiled`, starts the next
   * phase's. Each service serializes its profile on its main thread: the caller keeps this
   * between the sampler's phases.
   */
  async mark(phase: string, profiled: boolean): Promise<void> {
    if (this.current !== undefined) {
      const phaseDir = path.join(this.dir, slug(this.current));
      mkdirSync(phaseDir, { recursive: true });
      const stopped = await Promise.all(
        [...this.sessions].map(async ([name, s]) => {
          const { profile } = await s.send<{ profile: CpuProfile }>('Profiler.stop');
          return [name, profile] as const;
        }),
      );
      const summaries: Record<string, ProfileSummary> = {};
      for (const [name, profile] of stopped) {
        writeFileSync(path.join(phaseDir, `${name}.cpuprofile`), JSON.stringify(profile));
        summaries[name] = summarize(profile);
      }
      this.summaries[this.current] = summaries;
      this.current = undefined;
    }
    if (!profiled) return;
    await Promise.all([...this.sessions.values()].map((s) => s.send('Profiler.start')));
    this.current = phase;
  }

  /** Ends the sessions; a profile still running (a phase threw) is left unsaved. */
  close(): void {
    for (const s of this.sessions.values()) s.close();
    this.sessions.clear();
  }
}
