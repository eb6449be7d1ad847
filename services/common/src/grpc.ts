import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { MethodDefinition } from '@grpc/proto-loader';
import { grpcAsksTargetDnsServers } from './config.ts';
import { AppError, type ErrorKind, isErrorKind } from './errors.ts';
import type { Logger } from './logger.ts';
import { meter, secondsBuckets } from './metrics.ts';

const protosDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../protos');

/** The one set of loader options: field names stay snake_case as in the public JSON. */
export const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: true,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [protosDir],
};

export interface LoadedService {
  definition: grpc.ServiceDefinition;
  Client: grpc.ServiceClientConstructor;
}

/** Loads `<file>` from protos/ and returns the named service, e.g. ('invoiceplatform/accounts/v1/accounts.proto', 'invoiceplatform.accounts.v1.AccountsService'). */
export function loadService(file: string, fullName: string): LoadedService {
  const pkg = grpc.loadPackageDefinition(protoLoader.loadSync(file, LOADER_OPTIONS));
  const Client = fullName.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], pkg) as
    grpc.ServiceClientConstructor | undefined;
  if (!Client?.service) throw new Error(`gRPC service ${fullName} not found in ${file}`);
  return { definition: Client.service, Client };
}

const kindToCode: Record<ErrorKind, grpc.status> = {
  validation: grpc.status.INVALID_ARGUMENT,
  application: grpc.status.FAILED_PRECONDITION,
  payment_required: grpc.status.RESOURCE_EXHAUSTED,
  forbidden: grpc.status.PERMISSION_DENIED,
  not_found: grpc.status.NOT_FOUND,
  method_not_allowed: grpc.status.UNIMPLEMENTED,
  conflict: grpc.status.ABORTED,
  unprocessable: grpc.status.FAILED_PRECONDITION,
  rate_limited: grpc.status.RESOURCE_EXHAUSTED,
  internal: grpc.status.INTERNAL,
  not_implemented: grpc.status.UNIMPLEMENTED,
  unavailable: grpc.status.UNAVAILABLE,
};

const KIND_KEY = 'app-error-kind';
// Binary (-bin) so details in any language survive: text metadata allows printable ASCII only.
const DETAILS_KEY = 'app-error-details-bin';

/**
 * Socket failures on a connection to a dependency. The MongoDB driver (7.8) lets one through
 * unwrapped: a command written to a connection the server has just closed throws Node's EPIPE
 * ("This socket has been ended by the other party") from `socket.write` (a chaos run's kill of
 * FerretDB answered a generate 500 with it).
 */
const socketFailures = new Set([
  'EPIPE',
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** A database or broker that is down is an outage the caller may retry, not a bug. */
export function isDependencyOutage(err: unknown): boolean {
  const { name, code } = (err ?? {}) as { name?: unknown; code?: unknown };
  if (
    typeof name === 'string' &&
    /^(Mongo|Mongoose)(Network|ServerSelection|NotConnected|Topology|PoolCleared)/.test(name)
  )
    return true;
  return typeof code === 'string' && socketFailures.has(code);
}

function toServiceError(err: unknown, log: Logger, method: string): Partial<grpc.ServiceError> {
  let appError = err instanceof AppError ? err : undefined;
  if (!appError && isDependencyOutage(err)) {
    log.warn({ err: (err as Error).message, method }, 'dependency unavailable');
    appError = new AppError('unavailable', 'a dependency of the service is unavailable');
  } else if (!appError) log.error({ err, method }, 'grpc handler failed');
  const kind: ErrorKind = appError?.kind ?? 'internal';
  const metadata = new grpc.Metadata();
  metadata.set(KIND_KEY, kind);
  if (appError?.details) metadata.set(DETAILS_KEY, Buffer.from(JSON.stringify(appError.details), 'utf8'));
  return {
    code: kindToCode[kind],
    details: appError?.message ?? 'internal error',
    metadata,
  };
}

/** Turns a gRPC failure back into the AppError the peer threw, or an honest transport error. */
export function fromServiceError(err: grpc.ServiceError): AppError {
  const kind = String(err.metadata?.get(KIND_KEY)[0] ?? '');
  if (isErrorKind(kind)) {
    const rawDetails = err.metadata.get(DETAILS_KEY)[0];
    const details = rawDetails
      ? (JSON.parse(Buffer.from(rawDetails as Buffer).toString('utf8')) as Record<string, unknown>)
      : undefined;
    return new AppError(kind, err.details, details);
  }
  switch (err.code) {
    case grpc.status.UNAVAILABLE:
    case grpc.status.DEADLINE_EXCEEDED:
      return new AppError('unavailable', `peer unavailable: ${err.details}`);
    case grpc.status.UNIMPLEMENTED:
      return new AppError('not_implemented', err.details);
    default:
      return new AppError('internal', err.details);
  }
}

/** What a handler may know of its call besides the request. */
export interface CallInfo {
  /** Epoch ms after which the caller has stopped waiting (Infinity when it set no deadline). */
  deadline: number;
}

/**
 * Method implementations by name: an async function for a unary method, an async generator for a
 * server-streaming one (each yielded value is one message; the stream ends when it returns).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type UnaryHandlers = Record<string, (request: any, call: CallInfo) => Promise<unknown> | AsyncIterable<unknown>>;

function callInfo(call: { getDeadline(): grpc.Deadline }): CallInfo {
  const deadline = call.getDeadline();
  return { deadline: deadline instanceof Date ? deadline.getTime() : Number(deadline) };
}

export interface GrpcServerOptions {
  addr: string;
  services: { service: LoadedService; handlers: UnaryHandlers }[];
  /** Backs grpc.health.v1.Health/Check: SERVING only while the service's own dependencies answer. */
  isReady: () => Promise<boolean>;
  log: Logger;
  /** How long a client's connection lives and how long its calls then have (config.ts grpcServerConfig). */
  connectionAge: GrpcConnectionAge;
}

/**
 * A server ends every connection after `maxAgeMs` (with a tenth of jitter), sending GOAWAY so its
 * client opens the next one on a fresh resolution of the service's name: a replica that was added
 * gets calls, and one that turned unready (out of DNS) stops getting them, within that bound
 * (docs/scaling.md). Calls under way on an ended connection have `graceMs` to finish.
 */
export interface GrpcConnectionAge {
  maxAgeMs: number;
  graceMs: number;
}

export interface RunningGrpcServer {
  port: number;
  shutdown(graceMs: number): Promise<void>;
}

/** grpc-js sends the status of an 'error' emitted on a server stream, then ends the call (destroy() would send nothing). */
function statusError(status: Partial<grpc.ServiceError>): grpc.ServiceError {
  return Object.assign(new Error(status.details), status) as grpc.ServiceError;
}

/**
 * Writes each message as the peer can take it; stops early when the peer cancels (leaving the loop
 * closes the handler's generator, so it can release what it reads from).
 */
async function writeStream(call: grpc.ServerWritableStream<unknown, unknown>, messages: AsyncIterable<unknown>) {
  for await (const message of messages) {
    if (call.cancelled) return;
    if (!call.write(message)) await drainedOrGone(call);
  }
  if (!call.cancelled) call.end();
}

/** Resolves when the peer can take more, or when it is gone (then no drain would ever come). */
function drainedOrGone(call: grpc.ServerWritableStream<unknown, unknown>): Promise<void> {
  return new Promise((resolve) => {
    const events = ['drain', 'cancelled', 'close', 'error'] as const;
    const done = () => {
      for (const e of events) call.off(e, done);
      resolve();
    };
    for (const e of events) call.on(e, done);
  });
}

const callDuration = meter().createHistogram('rpc.server.call.duration_seconds', {
  description: 'Duration of gRPC calls this service served, by method and status code.',
  unit: 's',
  advice: { explicitBucketBoundaries: secondsBuckets },
});

/** Records one served call: `rpc.method` is `package.Service/Method`, `rpc.status_code` the status name (OK, NOT_FOUND…). */
function recordCall(method: string, startedAt: number, code: grpc.status | undefined): void {
  callDuration.record((performance.now() - startedAt) / 1000, {
    'rpc.system.name': 'grpc',
    'rpc.method': method,
    'rpc.status_code': grpc.status[code ?? grpc.status.UNKNOWN] ?? String(code),
  });
}

export async function startGrpcServer(opts: GrpcServerOptions): Promise<RunningGrpcServer> {
  const server = new grpc.Server({
    'grpc.max_connection_age_ms': opts.connectionAge.maxAgeMs,
    'grpc.max_connection_age_grace_ms': opts.connectionAge.graceMs,
  });
  for (const { service, handlers } of opts.services) {
    const implementation: grpc.UntypedServiceImplementation = {};
    for (const [method, definition] of Object.entries(service.definition)) {
      const handler = handlers[method];
      const rpcMethod = definition.path.replace(/^\//, '');
      if (definition.responseStream) {
        implementation[method] = (call: grpc.ServerWritableStream<unknown, unknown>) => {
          if (!handler) {
            call.emit(
              'error',
              statusError({ code: grpc.status.UNIMPLEMENTED, details: `${method} is not implemented` }),
            );
            return;
          }
          const startedAt = performance.now();
          void writeStream(call, handler(call.request, callInfo(call)) as AsyncIterable<unknown>).then(
            () => recordCall(rpcMethod, startedAt, call.cancelled ? grpc.status.CANCELLED : grpc.status.OK),
            (err: unknown) => {
              const status = toServiceError(err, opts.log, method);
              recordCall(rpcMethod, startedAt, status.code);
              call.emit('error', statusError(status));
            },
          );
        };
        continue;
      }
      implementation[method] = (
        call: grpc.ServerUnaryCall<unknown, unknown>,
        callback: grpc.sendUnaryData<unknown>,
      ) => {
        if (!handler) {
          callback({ code: grpc.status.UNIMPLEMENTED, details: `${method} is not implemented yet` });
          return;
        }
        const startedAt = performance.now();
        (handler(call.request, callInfo(call)) as Promise<unknown>).then(
          (response) => {
            recordCall(rpcMethod, startedAt, grpc.status.OK);
            callback(null, response);
          },
          (err: unknown) => {
            const status = toServiceError(err, opts.log, method);
            recordCall(rpcMethod, startedAt, status.code);
            callback(status);
          },
        );
      };
    }
    server.addService(service.definition, implementation);
  }
  const health = loadService('grpc/health/v1/health.proto', 'grpc.health.v1.Health');
  server.addService(health.definition, {
    Check: (_call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      opts.isReady().then(
        (ready) => callback(null, { status: ready ? 'SERVING' : 'NOT_SERVING' }),
        () => callback(null, { status: 'NOT_SERVING' }),
      );
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(opts.addr, grpc.ServerCredentials.createInsecure(), (err, boundPort) =>
      err ? reject(err) : resolve(boundPort),
    ),
  );
  return {
    port,
    shutdown: (graceMs) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}

/** How one call is made: its deadline, and whether the caller knows it may be sent twice. */
export interface PeerCallOptions {
  timeoutMs?: number;
  /**
   * A write that carries its own key (an Idempotency-Key, a series occurrence): safe to send to
   * another replica when the first one died under it, as a method the proto marks idempotent is.
   */
  idempotent?: boolean;
}

export interface UnaryClient {
  /** Calls `method` with a deadline; failures arrive as AppError. */
  call<Res>(method: string, request: unknown, options?: number | PeerCallOptions): Promise<Res>;
  /** Calls a server-streaming `method`; the whole stream shares one deadline; failures arrive as AppError. */
  stream<Res>(method: string, request: unknown, options?: number | PeerCallOptions): AsyncIterable<Res>;
  /** True when the peer's health check says SERVING. */
  healthy(timeoutMs?: number): Promise<boolean>;
  close(): void;
}

/**
 * Every client channel (docs/scaling.md): calls are balanced one by one over every address the
 * peer's name resolves to (round_robin; a headless Service's ready pods in the chart, the local
 * DNS's ready replicas on the local platform), the name is resolved again at most every 2 s when
 * a connection ends (the servers end each after GRPC_MAX_CONNECTION_AGE_MS), keepalive pings find
 * a hung replica's connection within 15 s, and a replica that is down is tried again at most 1 s
 * apart (a refused connection costs nothing, and a peer back from a restart is found at once). No service config comes from DNS TXT records.
 */
export const CLIENT_CHANNEL_OPTIONS: grpc.ChannelOptions = {
  'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
  'grpc.service_config_disable_resolution': 1,
  'grpc.dns_min_time_between_resolutions_ms': 2000,
  'grpc.keepalive_time_ms': 10_000,
  'grpc.keepalive_timeout_ms': 5000,
  'grpc.keepalive_permit_without_calls': 1,
  'grpc.initial_reconnect_backoff_ms': 250,
  'grpc.max_reconnect_backoff_ms': 1000,
};

/** A call that may be sent again gets this many attempts in all, within its one deadline. */
export const MAX_ATTEMPTS = 3;
/** The wait before the 2nd and 3rd attempts: the dead replica's connection is gone by then. */
const retryWaitsMs = [20, 200];
/**
 * The wait before the 2nd and 3rd attempts of a call that was never sent (no replica connected):
 * together above the longest reconnect backoff (1 s, plus grpc-js' 20 % jitter), so a call made
 * just after a peer came back, while the channel still waits out its backoff, reaches it.
 */
const notConnectedWaitsMs = [300, 1200];

/**
 * Whether a failed attempt may have failed for its replica rather than for what it asked: the
 * transport's UNAVAILABLE (the connection was refused, reset or dropped as the replica died or
 * went away), never an answer of the peer's own (an AppError carries its kind in metadata, and
 * another replica would answer the same).
 */
export function failedInTransport(err: unknown): boolean {
  const e = err as Partial<grpc.ServiceError> | undefined;
  return e?.code === grpc.status.UNAVAILABLE && (e.metadata?.get(KIND_KEY).length ?? 0) === 0;
}

/**
 * A failed attempt that no replica ran: the channel had no replica connected to pick (all
 * refused, none resolved, reconnects waiting out their backoff), or the replica refused the
 * stream unread (REFUSED_STREAM: it had just sent its GOAWAY for the connection's age). Sending it
 * again is safe for any method.
 */
export function neverSent(err: unknown): 'not connected' | 'refused' | undefined {
  if (!failedInTransport(err)) return undefined;
  const details = (err as grpc.ServiceError).details ?? '';
  if (/^(round_robin: )?No connection established|^No addresses resolved|^Name resolution failed/.test(details))
    return 'not connected';
  return details === 'Stream refused by server' ? 'refused' : undefined;
}

/** The methods of a service the proto marks safe to send again (idempotency_level NO_SIDE_EFFECTS or IDEMPOTENT). */
export function idempotentMethods(service: LoadedService): Set<string> {
  const safe = new Set<string>();
  for (const [name, definition] of Object.entries(service.definition)) {
    const level = (definition as { options?: { idempotency_level?: string } }).options?.idempotency_level;
    if (level === 'NO_SIDE_EFFECTS' || level === 'IDEMPOTENT') safe.add(name);
  }
  return safe;
}

/**
 * A target that names its own DNS server (`dns://host:port/name:port`, the local platform's) is
 * asked of that server only by grpc-js's alternative resolver; without it the server would be
 * ignored and the name looked up in the system's DNS, which does not know it.
 */
function checkTarget(addr: string): void {
  if (/^dns:\/\/[^/]/.test(addr) && !grpcAsksTargetDnsServers())
    throw new Error(
      `gRPC target ${addr} names a DNS server, which grpc-js asks only with GRPC_NODE_USE_ALTERNATIVE_RESOLVER=true in the environment`,
    );
}

export function createUnaryClient(service: LoadedService, addr: string, defaultTimeoutMs = 5000): UnaryClient {
  checkTarget(addr);
  // A channel per method, each with its own round_robin (they share the connections: grpc-js pools
  // them by target and options). With one channel, a request that makes the same calls in the same
  // order (a generate: ResolveTemplate, then Render) would alias with the rotation and send every
  // Render to the same replica; per method, each method's calls go round the replicas evenly.
  const channels = new Map<string, grpc.Client>();
  const clientFor = (method: string) => {
    let client = channels.get(method);
    if (!client) {
      client = new service.Client(addr, grpc.credentials.createInsecure(), CLIENT_CHANNEL_OPTIONS);
      channels.set(method, client);
    }
    return client;
  };
  const health = loadService('grpc/health/v1/health.proto', 'grpc.health.v1.Health');
  const healthClient = new health.Client(addr, grpc.credentials.createInsecure(), CLIENT_CHANNEL_OPTIONS);
  const safe = idempotentMethods(service);
  const settle = (options: number | PeerCallOptions | undefined, method: string) => {
    const o = typeof options === 'number' ? { timeoutMs: options } : (options ?? {});
    return {
      deadline: Date.now() + (o.timeoutMs ?? defaultTimeoutMs),
      // A call that may run twice is sent again when its replica died under it.
      repeatable: o.idempotent === true || safe.has(method),
    };
  };
  /**
   * Waits before attempt `attempt` + 1, or says there is none: any call that was never sent, and
   * a repeatable one whose replica failed under it, get MAX_ATTEMPTS within their deadline.
   */
  const again = async (err: unknown, attempt: number, repeatable: boolean, deadline: number) => {
    const unsent = neverSent(err);
    if (attempt >= MAX_ATTEMPTS || !(unsent || (repeatable && failedInTransport(err)))) return false;
    const waitMs = (unsent === 'not connected' ? notConnectedWaitsMs : retryWaitsMs)[attempt - 1] ?? 0;
    if (Date.now() + waitMs >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    return true;
  };
  const invokeOnce = <Res>(target: grpc.Client, method: string, request: unknown, deadline: number) =>
    new Promise<Res>((resolve, reject) => {
      const fn = (target as unknown as Record<string, grpc.requestCallback<Res> | undefined>)[method] as unknown as (
        req: unknown,
        meta: grpc.Metadata,
        options: grpc.CallOptions,
        cb: grpc.requestCallback<Res>,
      ) => void;
      if (typeof fn !== 'function') {
        reject(new AppError('internal', `unknown gRPC method ${method}`));
        return;
      }
      fn.call(target, request, new grpc.Metadata(), { deadline }, (err, res) =>
        err ? reject(err) : resolve(res as Res),
      );
    });
  const invoke = async <Res>(method: string, request: unknown, options: number | PeerCallOptions | undefined) => {
    const { deadline, repeatable } = settle(options, method);
    for (let attempt = 1; ; attempt++) {
      try {
        return await invokeOnce<Res>(clientFor(method), method, request, deadline);
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (!(await again(err, attempt, repeatable, deadline))) throw fromServiceError(err as grpc.ServiceError);
      }
    }
  };
  async function* stream<Res>(
    method: string,
    request: unknown,
    options: number | PeerCallOptions | undefined,
  ): AsyncIterable<Res> {
    const client = clientFor(method);
    const fn = (client as unknown as Record<string, unknown>)[method];
    if (typeof fn !== 'function') throw new AppError('internal', `unknown gRPC method ${method}`);
    const { deadline, repeatable } = settle(options, method);
    for (let attempt = 1; ; attempt++) {
      const call = (
        fn as (req: unknown, meta: grpc.Metadata, options: grpc.CallOptions) => grpc.ClientReadableStream<Res>
      ).call(client, request, new grpc.Metadata(), { deadline });
      let received = false;
      try {
        for await (const message of call) {
          received = true;
          yield message as Res;
        }
        return;
      } catch (err) {
        // Sent again only while nothing of it reached the caller.
        if (received || !(await again(err, attempt, repeatable, deadline)))
          throw fromServiceError(err as grpc.ServiceError);
      } finally {
        call.cancel();
      }
    }
  }
  return {
    call: (method, request, options) => invoke(method, request, options),
    stream: (method, request, options) => stream(method, request, options),
    healthy: async (timeoutMs = 1000) => {
      try {
        const res = await invokeOnce<{ status: string }>(
          healthClient,
          'Check',
          { service: '' },
          Date.now() + timeoutMs,
        );
        return res.status === 'SERVING';
      } catch {
        return false;
      }
    },
    close: () => {
      healthClient.close();
      for (const client of channels.values()) client.close();
      channels.clear();
    },
  };
}

/**
 * The methods of a service definition generated from protos/ (protos/types, `pnpm protos:types`),
 * without the index signature grpc-js's ServiceDefinition adds, so an unknown name is an error.
 */
export type MethodsOf<D> = { [K in keyof D as string extends K ? never : K]: D[K] };

/**
 * The messages of method K: `req` is what a caller may send, `reqOut` what a handler receives once
 * decoded with LOADER_OPTIONS (defaults filled in), `res` what a handler may return, `resOut`
 * what a caller receives.
 */
export type MessagesOf<D, K extends keyof MethodsOf<D>> =
  MethodsOf<D>[K] extends MethodDefinition<infer Req, infer Res, infer ReqOut, infer ResOut>
    ? { req: Req; res: Res; reqOut: ReqOut; resOut: ResOut }
    : never;

/** A client whose method names and messages the compiler checks against the generated definition D. */
export interface TypedClient<D> {
  call<K extends keyof MethodsOf<D> & string>(
    method: K,
    request: MessagesOf<D, K>['req'],
    options?: number | PeerCallOptions,
  ): Promise<MessagesOf<D, K>['resOut']>;
  stream<K extends keyof MethodsOf<D> & string>(
    method: K,
    request: MessagesOf<D, K>['req'],
    options?: number | PeerCallOptions,
  ): AsyncIterable<MessagesOf<D, K>['resOut']>;
  healthy(timeoutMs?: number): Promise<boolean>;
  close(): void;
}

/** Views a client of the service D through its generated types (the calls are the same). */
export function typed<D>(client: UnaryClient): TypedClient<D> {
  return client as TypedClient<D>;
}

/** Handlers of the service D: each takes its decoded request and returns its response, typed. */
export type TypedHandlers<D> = {
  [K in keyof MethodsOf<D>]?: (
    request: MessagesOf<D, K>['reqOut'],
    call: CallInfo,
  ) => Promise<MessagesOf<D, K>['res']> | AsyncIterable<MessagesOf<D, K>['res']>;
};
