import * as grpc from '@grpc/grpc-js';
import { AppError, type ErrorKind, isErrorKind } from '../errors.ts';
import type { Logger } from '../logger.ts';

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

export function toServiceError(err: unknown, log: Logger, method: string): Partial<grpc.ServiceError> {
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
