import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, sleep } from './platform.ts';

export interface ReceiverRoute {
  status?: number;
  failFirstPerEvent?: number;
  hangMs?: number;
  secrets?: string[];
  /** The answer's body instead of {"received":true}. */
  reply?: string;
  /** More headers on the answer (a redirect's Location). */
  headers?: Record<string, string>;
}

export interface ReceivedRequest {
  seq: number;
  received_at: string;
  headers: Record<string, string>;
  body: string;
  /**
   * 'ok' or why each verifier refused: own (docs/architecture.md#webhooks), stripe
   * (Service-Signature), standard (webhook-*).
   */
  checks: { own: string; stripe: string; standard: string };
  accepted: boolean;
  responded: number;
}

/** The test side of webhook-receiver-server.ts: starts the process and drives its control API. */
export class WebhookReceiver {
  private child: ChildProcess | undefined;
  port = 0;

  async start(): Promise<this> {
    const logDir = path.join(repoRoot, '.local/logs/test');
    mkdirSync(logDir, { recursive: true });
    const child = spawn(process.execPath, [path.join(repoRoot, 'test/support/webhook-receiver-server.ts'), '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr!.pipe(createWriteStream(path.join(logDir, `webhook-receiver-${Date.now()}.log`)));
    this.child = child;
    this.port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const line = out.split('\n')[0];
        if (out.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
      });
      child.once('exit', (code) => reject(new Error(`webhook receiver exited (${code})`)));
    });
    return this;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  url(name: string): string {
    return `${this.baseUrl}/hook/${name}`;
  }

  private async control<T>(method: string, urlPath: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}/_control/${urlPath}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`receiver control ${method} ${urlPath}: ${res.status}`);
    return (await res.json()) as T;
  }

  route(name: string, cfg: ReceiverRoute): Promise<unknown> {
    return this.control('PUT', `routes/${name}`, cfg);
  }

  requests(name: string): Promise<ReceivedRequest[]> {
    return this.control('GET', `requests/${name}`);
  }

  /** The webhook service's clock offset, so timestamps are judged against the service's moved clock. */
  setClockOffset(offsetMs: number): Promise<unknown> {
    return this.control('PUT', 'clock', { offsetMs });
  }

  async waitFor(
    name: string,
    predicate: (reqs: ReceivedRequest[]) => boolean,
    timeoutMs = 20_000,
  ): Promise<ReceivedRequest[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const reqs = await this.requests(name);
      if (predicate(reqs)) return reqs;
      if (Date.now() > deadline) {
        throw new Error(`receiver ${name}: condition not met in ${timeoutMs} ms; got ${reqs.length} requests`);
      }
      await sleep(100);
    }
  }

  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child!.once('exit', r));
    this.child.kill('SIGTERM');
    await exited;
  }
}
