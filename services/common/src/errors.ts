/**
 * The one application error. Services throw it; the gRPC layer carries its kind and details in
 * trailing metadata; the gateway maps it to the public error envelope (docs/architecture.md#errors).
 */
export const errorKinds = {
  validation: { status: 400, name: 'ValidationError' },
  application: { status: 400, name: 'ApplicationError' },
  payment_required: { status: 402, name: 'PaymentRequiredError' },
  forbidden: { status: 403, name: 'ForbiddenError' },
  not_found: { status: 404, name: 'NotFoundError' },
  method_not_allowed: { status: 405, name: 'MethodNotAllowedError' },
  conflict: { status: 409, name: 'ConflictError' },
  unprocessable: { status: 422, name: 'UnprocessableEntityError' },
  rate_limited: { status: 429, name: 'RateLimitError' },
  internal: { status: 500, name: 'InternalServerError' },
  not_implemented: { status: 501, name: 'NotImplementedError' },
  unavailable: { status: 503, name: 'ServiceUnavailableError' },
} as const;

export type ErrorKind = keyof typeof errorKinds;

export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly details: Record<string, unknown> | undefined;

  constructor(kind: ErrorKind, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = errorKinds[kind].name;
    this.kind = kind;
    this.details = details;
  }

  get status(): number {
    return errorKinds[this.kind].status;
  }

  static validation(errors: FieldError[], message = 'The request has invalid fields.'): AppError {
    return new AppError('validation', message, { errors });
  }

  static isKind(value: unknown, kind: ErrorKind): value is AppError {
    return value instanceof AppError && value.kind === kind;
  }
}

export function isErrorKind(value: string): value is ErrorKind {
  return Object.hasOwn(errorKinds, value);
}

/** The public error body (docs/architecture.md#errors). 5xx messages are replaced so internals never leak. */
export function errorEnvelope(err: AppError): {
  data: null;
  error: { status: number; name: string; message: string; details?: Record<string, unknown> };
} {
  const { status, name } = errorKinds[err.kind];
  const message = status >= 500 && err.kind !== 'not_implemented' ? defaultServerMessage(err.kind) : err.message;
  const error: { status: number; name: string; message: string; details?: Record<string, unknown> } = {
    status,
    name,
    message,
  };
  if (err.details && status < 500) error.details = err.details;
  return { data: null, error };
}

function defaultServerMessage(kind: ErrorKind): string {
  switch (kind) {
    case 'unavailable':
      return 'The service is temporarily unavailable. Retry shortly.';
    default:
      return 'An unexpected error occurred.';
  }
}
