/**
 * The generic part of test/fuzz/public-routes.test.ts: bodies as trees changed at a
 * path and rendered as JSON or form fields (with raw text where JSON.stringify cannot write what a
 * fuzzer wants), a raw HTTP client that sends paths and headers exactly as written, and the
 * checks of each answer against /openapi.json with a compact summary of the failures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import path from 'node:path';
import type { ExecutionContext } from 'ava';
import { Rng } from '../support/rng.ts';

export { Rng };

// ---------------------------------------------------------------------------------------------
// Bodies as trees: a template's parsed JSON, changed at a path, rendered as JSON or as form fields.

export type Path = (string | number)[];
export type Value = unknown;

/** A value written into the body as exactly this text (deep nesting, duplicate keys, lone surrogates). */
export class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
export const REMOVE = Symbol('remove the field');

export function getAt(tree: Value, at: Path): Value {
  let node = tree;
  for (const key of at) {
    if (node === null || typeof node !== 'object' || node instanceof Raw) return undefined;
    node = (node as Record<string | number, Value>)[key];
  }
  return node;
}

/** A copy of `tree` with `value` at `at` (intermediate objects created as needed). */
export function setAt(tree: Value, at: Path, value: Value | typeof REMOVE): Value {
  if (at.length === 0) return value === REMOVE ? {} : value;
  const [key, ...rest] = at;
  const node =
    tree !== null && typeof tree === 'object' && !(tree instanceof Raw)
      ? Array.isArray(tree)
        ? [...(tree as Value[])]
        : { ...(tree as Record<string, Value>) }
      : typeof key === 'number'
        ? []
        : {};
  const container = node as Record<string | number, Value>;
  if (rest.length === 0 && value === REMOVE) delete container[key!];
  else container[key!] = setAt(container[key!], rest, value);
  return node;
}

export function renderJson(tree: Value): string {
  const raws: string[] = [];
  const text = JSON.stringify(tree, (_key, v: unknown) =>
    v instanceof Raw ? `\u0000${raws.push(v.text) - 1}\u0000` : v,
  );
  return (text ?? '').replace(/"\\u0000(\d+)\\u0000"/g, (_m, i: string) => raws[Number(i)]!);
}

/** qs-style form fields: `a[b][c]=v`, `id[$regex]=^tr_`, arrays of values as `id[]=a&id[]=b`. */
export function renderForm(tree: Value): string {
  const pairs: string[] = [];
  const key = (k: string) => encodeURIComponent(k).replace(/%24/g, '$').replace(/%5B/g, '[').replace(/%5D/g, ']');
  const walk = (prefix: string, v: Value) => {
    if (v instanceof Raw) pairs.push(`${prefix}=${v.text}`);
    else if (Array.isArray(v))
      v.forEach((item, i) => walk(item !== null && typeof item === 'object' ? `${prefix}[${i}]` : `${prefix}[]`, item));
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) walk(prefix ? `${prefix}[${key(k)}]` : key(k), x);
    else pairs.push(`${prefix}=${encodeURIComponent(v === null || v === undefined ? '' : String(v as string))}`);
  };
  if (tree === null || typeof tree !== 'object' || tree instanceof Raw)
    return encodeURIComponent(String(tree as string));
  walk('', tree);
  return pairs.join('&');
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ---------------------------------------------------------------------------------------------
// Requests, sent over a raw HTTP client: paths as written (`..`, `%zz` and all), headers repeated.

export interface Case {
  /** The route as /openapi.json names it, e.g. "POST /p/pay/{provider}/notify"; "unrouted" when no route matches. */
  route: string;
  provider?: string;
  /** The mutation, in words. */
  what: string;
  method: string;
  path: string;
  headers: [string, string][];
  body?: Buffer;
  chunked?: boolean;
}

export type Answer = { status: number; contentType: string; body: Buffer } | { status: 0; error: string };

/** The path as sent: as written, but what no HTTP request line may carry (blanks, controls, > U+00FF) percent-encoded. */
const sendable = (p: string) =>
  p.replace(/[^\u0021-\u00ff]/gu, (ch) =>
    [...Buffer.from(ch)].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join(''),
  );

export class Sender {
  private readonly port: number;
  private readonly ip: string;
  private readonly concurrency: number;
  /**
   * A connection per request: the gateway may answer before it has read a body it refuses, and a
   * kept-alive socket would then carry the rest of that body into the next request.
   */
  private readonly agent: Agent;

  /** Requests to the gateway at `baseUrl`, all from one client address `ip`, `concurrency` at a time. */
  constructor(baseUrl: string, ip: string, concurrency: number) {
    this.port = Number(new URL(baseUrl).port);
    this.ip = ip;
    this.concurrency = concurrency;
    this.agent = new Agent({ keepAlive: false, maxSockets: concurrency });
  }

  send(c: Case): Promise<Answer> {
    return new Promise((resolve) => {
      let settled = false;
      const done = (a: Answer) => {
        if (!settled) {
          settled = true;
          resolve(a);
        }
      };
      const headers = [['host', `127.0.0.1:${this.port}`], ['x-forwarded-for', this.ip], ...c.headers].flat();
      // Node's client frames a GET body with neither header: the length is always said here.
      if (c.chunked) headers.push('transfer-encoding', 'chunked');
      else if (c.body) headers.push('content-length', String(c.body.length));
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: this.port,
          method: c.method,
          path: sendable(c.path),
          headers,
          agent: this.agent,
          timeout: 60_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            done({
              status: res.statusCode ?? 0,
              contentType: String(res.headers['content-type'] ?? ''),
              body: Buffer.concat(chunks),
            }),
          );
          res.on('error', (err) => done({ status: 0, error: err.message }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('no answer in 60 s')));
      // A body the gateway refuses before reading it all may end the connection under the writer:
      // the answer, when it came, is what counts.
      req.on('error', (err) => setTimeout(() => done({ status: 0, error: err.message }), 200));
      if (c.body && c.chunked) {
        const cut = Math.floor(c.body.length / 2);
        req.write(c.body.subarray(0, cut));
        req.end(c.body.subarray(cut));
      } else req.end(c.body);
    });
  }

  /** Sends every case, `concurrency` at a time, and hands each answer to `check`. */
  async sendAll(cases: Case[], check: (c: Case, a: Answer) => void): Promise<void> {
    let next = 0;
    await Promise.all(
      Array.from({ length: this.concurrency }, async () => {
        while (next < cases.length) {
          const c = cases[next++]!;
          check(c, await this.send(c));
        }
      }),
    );
  }

  close(): void {
    this.agent.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// Checks: no 5xx, a documented status and media type; failures recorded compactly.

export interface OpenApiDoc {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
}

export interface Failure {
  check: string;
  route: string;
  provider?: string;
  what: string;
  request: string;
  status: number;
  body: string;
}

const snippet = (a: Answer) => ('error' in a ? `(no answer: ${a.error})` : a.body.subarray(0, 200).toString('utf8'));
const requestLine = (c: Case) =>
  `${c.method} ${c.path.length > 160 ? `${c.path.slice(0, 160)}…` : c.path} (${c.body?.length ?? 0} bytes)`;

/**
 * The reference routes, which the document does not describe since they are the contracts
 * themselves or render them (services/gateway/src/http/docs-pages.ts): the content, or 304 when
 * the client's validator is current. HEAD is answered as GET.
 */
export const referenceRoutes: Record<string, Map<number, string[]>> = {
  'GET /openapi.json': new Map([[200, ['application/json']]]),
  'GET /asyncapi.json': new Map([
    [200, ['application/json']],
    [304, []],
  ]),
  'GET /docs': new Map([
    [200, ['text/html']],
    [304, []],
  ]),
  'GET /docs/redoc.standalone.js': new Map([
    [200, ['text/javascript']],
    [304, []],
  ]),
};

export class Checks {
  readonly failures: Failure[] = [];
  /** Requests checked, per route (and provider). */
  readonly sent = new Map<string, number>();
  private readonly doc: OpenApiDoc;
  private readonly outFile: string;
  private readonly seed: number;

  /** Answers checked against `doc`; every failure is written to `outFile` with the seed. */
  constructor(doc: OpenApiDoc, outFile: string, seed: number) {
    this.doc = doc;
    this.outFile = outFile;
    this.seed = seed;
  }

  /**
   * The statuses (and media types, `[]` for any) the document gives the route. GET
   * /p/invoice/{id}/pdf, the invoice's pdf_url, is not in the document: the gateway's own answers
   * (the file, or its JSON error envelope) stand in for it; so do they for the reference routes
   * (`referenceRoutes`). A path no route matches may be 400, 404 or 405.
   */
  documented(route: string): Map<number, string[]> {
    const reference = referenceRoutes[route.replace(/^HEAD /, 'GET ')];
    if (reference) return reference;
    const [method, docPath] = route.split(' ') as [string, string];
    if (route === 'GET /p/invoice/{id}/pdf' && !this.doc.paths[docPath])
      return new Map([
        [200, ['application/pdf']],
        [400, ['application/json']],
        [404, ['application/json']],
        [429, ['application/json']],
      ]);
    if (route === 'unrouted')
      return new Map([
        [400, []],
        [404, []],
        [405, []],
      ]);
    const operation = this.doc.paths[docPath]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${route} is not in /openapi.json`);
    return new Map(
      Object.entries(operation.responses).map(([status, r]) => {
        const types = Object.keys(r.content ?? {});
        return [Number(status), types.includes('*/*') ? [] : types];
      }),
    );
  }

  private fail(check: string, c: Case, a: Answer): void {
    this.failures.push({
      check,
      route: c.route,
      provider: c.provider,
      what: c.what,
      request: requestLine(c),
      status: a.status,
      body: snippet(a),
    });
  }

  /** An answer at all, no 5xx, a status the document gives the route and, when it names them, one of its media types. */
  answer = (c: Case, a: Answer): void => {
    const counted = c.provider ? `${c.route} ${c.provider}` : c.route;
    this.sent.set(counted, (this.sent.get(counted) ?? 0) + 1);
    if ('error' in a) return this.fail('no answer', c, a);
    if (a.status >= 500) return this.fail(`${a.status} (5xx)`, c, a);
    const types = this.documented(c.route).get(a.status);
    if (!types) return this.fail(`status ${a.status} not documented for the route`, c, a);
    const type = a.contentType.split(';')[0]!.trim().toLowerCase();
    if (types.length > 0 && a.body.length > 0 && !types.includes(type))
      this.fail(`media type ${type || '(none)'} not documented for ${a.status}`, c, a);
  };

  /** Both answers of a pair that must not tell one request from the other: same status, type and body. */
  same(first: Case, a: Answer, second: Case, b: Answer): void {
    const same =
      !('error' in a) &&
      !('error' in b) &&
      a.status === b.status &&
      a.contentType === b.contentType &&
      a.body.equals(b.body);
    if (same) return;
    this.failures.push({
      check: 'answers differ',
      route: first.route,
      provider: first.provider,
      what: `${first.what}  VS  ${second.what}`,
      request: requestLine(first),
      status: a.status,
      body: `${a.status} ${snippet(a)}  VS  ${b.status} ${snippet(b)}`,
    });
  }

  /** Fails `t` with one line per kind of failure since `from` (check, route, provider, status) and a few of its requests. */
  report(t: ExecutionContext, name: string, from: number): void {
    const mine = this.failures.slice(from);
    mkdirSync(path.dirname(this.outFile), { recursive: true });
    writeFileSync(this.outFile, JSON.stringify({ seed: this.seed, failures: this.failures }, null, 2));
    if (mine.length === 0) return void t.pass();
    const groups = new Map<string, Failure[]>();
    for (const f of mine) {
      const status = f.check === 'answers differ' ? '' : ` → ${f.status}`;
      const key = `${f.check} | ${f.route}${f.provider ? ` [${f.provider}]` : ''}${status}`;
      groups.set(key, [...(groups.get(key) ?? []), f]);
    }
    const lines: string[] = [];
    for (const [key, group] of [...groups].sort((x, y) => y[1].length - x[1].length)) {
      lines.push(`${group.length} × ${key}`);
      for (const f of group.slice(0, 3))
        lines.push(`    - ${f.what}\n      ${f.request}\n      ${f.body.replace(/\s+/g, ' ')}`);
    }
    t.log(`FUZZ_SEED=${this.seed} replays this run; every failure: ${this.outFile}`);
    t.fail(`${name}: ${mine.length} failures\n${lines.join('\n')}`);
  }
}
