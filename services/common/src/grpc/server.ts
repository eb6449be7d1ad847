import * as grpc from '@grpc/grpc-js';
import type { Logger } from '../logger.ts';
import { meter, secondsBuckets } from '../metrics.ts';
import { toServiceError } from './errors.ts';
import { loadService, type LoadedService, type MessagesOf, type MethodsOf } from './protos.ts';

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

/** Handlers of the service D: each takes its decoded request and returns its response, typed. */
export type TypedHandlers<D> = {
  [K in keyof MethodsOf<D>]?: (
    request: MessagesOf<D, K>['reqOut'],
    call: CallInfo,
  ) => Promise<MessagesOf<D, K>['res']> | AsyncIterable<MessagesOf<D, K>['res']>;
};
