/**
 * Request validation for the public routes: Ajv compiles each route's TypeBox schemas once at
 * startup; a request that fails gets one ValidationError listing every invalid field as
 * `{path, message}` (docs/architecture.md#errors), with paths such as body.items[2].quantity or
 * query.pageSize.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { AppError, type FieldError } from '@invoice-platform/common/errors';
import { patternMessages } from './schemas/common.ts';
import { IdempotencyKey } from './schemas/generate.ts';
import type { RouteSpec } from './schemas/routes.ts';

export interface RequestParts {
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
  /** As Node gives them: names in lower case. */
  headers: Record<string, string | string[] | undefined>;
}

/** The request after validation, with schema defaults filled in (page, pageSize, force, …). */
export interface ValidRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** A copy: the caller's body is left as received, which idempotency compares. */
  body: unknown;
  idempotencyKey?: string;
}

export interface RouteValidator {
  /** Throws AppError.validation on any invalid part. */
  validate(input: RequestParts): ValidRequest;
}

/** The Ajv setup every public schema is written for (draft 2020-12, as OpenAPI 3.1). */
export function createAjv(options: { coerceTypes: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    useDefaults: true,
    coerceTypes: options.coerceTypes,
    // quantity has multipleOf 0.01, and x / 0.01 is seldom an exact integer in binary floating
    // point (0.29 / 0.01 = 28.999999999999996). A tolerance of 1e-6 accepts every 2-decimal value
    // up to 999999 (all of them were checked) and still refuses a third decimal, which is off by
    // at least 0.1; 1e-9 is too tight and refuses about a tenth of the valid values.
    multipleOfPrecision: 6,
  });
  // ajv-formats is CommonJS; its default export is the plugin itself and, for TypeScript, `.default`.
  addFormats.default(ajv, ['email', 'date', 'date-time', 'uri']);
  return ajv;
}

// Query strings and path parameters arrive as text, so "25" must become 25 there; a body is JSON
// and keeps its types, so a body "25" stays a string and is refused where a number is expected.
const textAjv = createAjv({ coerceTypes: true });
const jsonAjv = createAjv({ coerceTypes: false });
const validateIdempotencyKey = jsonAjv.compile(IdempotencyKey);

/** The parts of a route that validation reads: the admin API passes only params and query. */
export type ValidatedParts = Pick<RouteSpec, 'params' | 'query' | 'body' | 'bodyRequired' | 'idempotencyKey' | 'check'>;

export function compileRoute(route: ValidatedParts): RouteValidator {
  const validateParams = route.params && textAjv.compile(route.params);
  const validateQuery = route.query && textAjv.compile(route.query);
  const validateBody = route.body && jsonAjv.compile(route.body);

  return {
    validate(input) {
      const errors: FieldError[] = [];
      const result: ValidRequest = { params: { ...input.params }, query: {}, body: undefined };

      if (validateParams) run(validateParams, result.params, 'params', errors);

      if (validateQuery) {
        result.query = singleValuedQuery(input.query, errors);
        run(validateQuery, result.query, 'query', errors);
      }

      if (route.idempotencyKey) {
        const key = input.headers['idempotency-key'];
        if (Array.isArray(key)) {
          errors.push({ path: 'headers.idempotency-key', message: 'must be given only once' });
        } else if (key !== undefined && run(validateIdempotencyKey, key, 'headers.idempotency-key', errors)) {
          result.idempotencyKey = key;
        }
      }

      if (validateBody) {
        if (input.body === undefined && route.bodyRequired) {
          errors.push({ path: 'body', message: 'is required' });
        } else {
          // An absent optional body is validated as {} so its defaults apply.
          const body = input.body === undefined ? {} : structuredClone(input.body);
          if (run(validateBody, body, 'body', errors) && route.check) {
            // The body passed the schema, which is what check's parameter type stands for.
            errors.push(...route.check(body as never));
          }
          result.body = body;
        }
      }

      if (errors.length > 0) throw AppError.validation(errors);
      return result;
    },
  };
}

/** Validates data in place (coercion and defaults change it); true when valid. */
function run(validate: ValidateFunction, data: unknown, root: string, errors: FieldError[]): boolean {
  if (validate(data)) return true;
  for (const error of validate.errors ?? []) errors.push(toFieldError(error, root, data));
  return false;
}

/** A repeated query parameter (?page=1&page=2) is ambiguous, so it is refused rather than guessed. */
function singleValuedQuery(query: RequestParts['query'], errors: FieldError[]): Record<string, unknown> {
  const entries: [string, string][] = [];
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) errors.push({ path: childPath('query', name), message: 'must be given only once' });
    else if (value !== undefined) entries.push([name, value]);
  }
  // fromEntries defines own properties, so a parameter named __proto__ is reported, not swallowed.
  return Object.fromEntries(entries);
}

function toFieldError(error: ErrorObject, root: string, data: unknown): FieldError {
  const path = instancePath(root, data, error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { path: childPath(path, String(params.missingProperty)), message: 'is required' };
    case 'additionalProperties':
      return { path: childPath(path, String(params.additionalProperty)), message: 'is not allowed' };
    default:
      return { path, message: messageFor(error.keyword, params) ?? error.message ?? 'is invalid' };
  }
}

/** Turns Ajv's JSON pointer into the client's notation: arrays by [index], object members by name. */
function instancePath(root: string, data: unknown, pointer: string): string {
  let path = root;
  let node = data;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    path = Array.isArray(node) ? `${path}[${segment}]` : childPath(path, segment);
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined;
  }
  return path;
}

function childPath(path: string, name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`;
}

const formatMessages: Record<string, string> = {
  email: 'must be a valid email address',
  date: 'must be a valid date (YYYY-MM-DD)',
  'date-time': 'must be a valid date-time (RFC 3339)',
  uri: 'must be a valid URI',
};

function messageFor(keyword: string, params: Record<string, unknown>): string | undefined {
  switch (keyword) {
    case 'type':
      return `must be ${String(params.type).split(',').map(withArticle).join(' or ')}`;
    case 'minimum':
      return `must be at least ${params.limit}`;
    case 'maximum':
      return `must be at most ${params.limit}`;
    case 'exclusiveMinimum':
      return `must be greater than ${params.limit}`;
    case 'exclusiveMaximum':
      return `must be less than ${params.limit}`;
    case 'multipleOf': {
      const decimals = -Math.log10(Number(params.multipleOf));
      return Number.isInteger(decimals) && decimals > 0
        ? `must have at most ${decimals} decimals`
        : `must be a multiple of ${params.multipleOf}`;
    }
    case 'minLength':
      return params.limit === 1 ? 'must not be empty' : `must be at least ${params.limit} characters`;
    case 'maxLength':
      return `must be at most ${params.limit} characters`;
    case 'minItems':
      return `must have at least ${params.limit} ${params.limit === 1 ? 'item' : 'items'}`;
    case 'maxItems':
      return `must have at most ${params.limit} items`;
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'format':
      return formatMessages[String(params.format)];
    case 'pattern':
      return patternMessages[String(params.pattern)] ?? `must match the pattern ${params.pattern}`;
    default:
      return undefined;
  }
}

function withArticle(type: string): string {
  if (type === 'null') return 'null';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
