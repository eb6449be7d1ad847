import * as grpc from '@grpc/grpc-js';
import { grpcAsksTargetDnsServers } from '../config.ts';
import { AppError } from '../errors.ts';
import { failedInTransport, fromServiceError } from './errors.ts';
import { idempotentMethods, loadService, type LoadedService, type MessagesOf, type MethodsOf } from './protos.ts';

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
