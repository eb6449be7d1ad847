/**
 * The OpenAPI 3.1 document of the public API (docs/architecture.md#public-contract), built from the
 * same route list and schemas the gateway validates with, so the published contract cannot drift
 * from the code.
 */
import type { TSchema } from '@sinclair/typebox';
import { ErrorEnvelope, UseOf } from './schemas/common.ts';
import { IdempotencyKey } from './schemas/generate.ts';
import { type WebhookSpec, webhookSpecs } from './schemas/events.ts';
import { HtmlPage, type PageRouteSpec } from './schemas/public-page.ts';
import type { RouteSpec } from './schemas/routes.ts';

/**
 * The interface version (docs/architecture.md#public-contract); pass it as `version` unless the
 * contract itself changed.
 */
export const API_VERSION = '1.0.0';

type Json = Record<string, unknown>;

const errorResponses: Record<number, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description:
      'Missing or invalid fields (ValidationError, every one listed in error.details.errors; a body over the ' +
      'size limit is one at path body), or a request that cannot be applied (ApplicationError, see error.message).',
  },
  402: { name: 'PaymentRequired', description: 'The workspace invoice credit balance is empty.' },
  403: {
    name: 'Forbidden',
    description:
      'Authorization header missing or malformed, API key invalid or revoked, or the plan does not include ' +
      'API access or the requested feature (such as recurring invoices).',
  },
  404: {
    name: 'NotFound',
    description:
      'The invoice, series or credit note does not exist in this workspace, or the document asked for does not exist.',
  },
  409: {
    name: 'Conflict',
    description:
      'A request with the same Idempotency-Key is still being processed. Retry shortly: after the seconds ' +
      'given in Retry-After, then with backoff.',
  },
  422: {
    name: 'UnprocessableEntity',
    description: 'The Idempotency-Key was already used with a different request body.',
  },
  429: { name: 'TooManyRequests', description: 'Rate limit exceeded. Wait the seconds given in Retry-After.' },
};

const headers: Record<string, Json> = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed per minute for the workspace (before authentication: for the IP address).',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  'Idempotent-Replayed': {
    description:
      'true when this is the stored response of an earlier request with the same Idempotency-Key and body: ' +
      'nothing was created or recorded again and no credit was used.',
    schema: { type: 'string', enum: ['true'] },
  },
};

/** Headers of the public page's responses (docs/public-page.md); only listed when its routes are. */
const pageHeaderComponents: Record<string, Json> = {
  'Content-Security-Policy': {
    description:
      "default-src 'none', the page's own style sheet by hash, no script, forms posting only to the gateway " +
      "and the payment provider, frame-ancestors 'none', base-uri 'none'. On the PDF file: default-src, " +
      "form-action, frame-ancestors and base-uri 'none'.",
    schema: { type: 'string' },
  },
  'Referrer-Policy': {
    description: 'no-referrer: the invoice id never leaves in a Referer.',
    schema: { type: 'string' },
  },
  'X-Content-Type-Options': { description: 'nosniff', schema: { type: 'string' } },
  'X-Robots-Tag': { description: 'noindex', schema: { type: 'string' } },
  'Cache-Control': { description: 'private, no-store', schema: { type: 'string' } },
  Location: { description: "The provider's checkout page.", schema: { type: 'string', format: 'uri' } },
};

const tagDescriptions: Record<RouteSpec['tag'] | PageRouteSpec['tag'], string> = {
  Invoices: 'Generate invoices, read them and change their status or archive state.',
  Templates: 'The invoice templates a generate request can name.',
  Recurring: 'Recurring series created by generate with is_recurring: pause, resume, extend, reschedule, skip.',
  'Credit notes': 'Correct an issued invoice with a credit note, and read the notes, their PDF and e-invoice.',
  Payments: 'Record payments received outside the platform, whole or partial, and list what an invoice was paid.',
  'Public invoice page':
    "The page at each invoice's {base_url}/p/invoice/{id} that its customer opens, without a key, and pays from.",
  'Payment notifications': 'Where the six payment providers send their notifications (webhooks).',
};

/** `pageRoutes`: the public page and notification routes, listed without the API's bearer security. */
export function buildOpenApi(
  routes: RouteSpec[],
  opts: { serverUrl: string; version: string },
  pageRoutes: PageRouteSpec[] = [],
): object {
  const schemas = new SchemaComponents();
  const errorSchema = schemas.render(ErrorEnvelope);

  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method]: operation(route, schemas) };
  }
  for (const route of pageRoutes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method]: pageOperation(route, schemas, errorSchema) };
  }

  const responses: Record<string, Json> = {};
  for (const status of new Set(routes.flatMap((route) => route.errors))) {
    const { name, description } = errorResponse(status);
    responses[name] = {
      description,
      headers:
        status === 429 || status === 409
          ? { ...rateLimitHeaders(), 'Retry-After': headerRef('Retry-After') }
          : rateLimitHeaders(),
      content: { 'application/json': { schema: errorSchema } },
    };
  }

  describeRequestDefaults(paths, responses, schemas.components);
  const webhooks = Object.fromEntries(
    webhookSpecs.map((spec) => [spec.type, { post: webhookOperation(spec, schemas) }]),
  );

  return {
    openapi: '3.1.0',
    info: {
      title: 'Invoice Generation Service',
      version: opts.version,
      // The platform's code is Apache-2.0 (LICENSE); a deployment's API is under its operator's terms.
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      description:
        'Generate invoices and their PDF files from a server-side client, and list, read and manage those ' +
        'invoices and their recurring series. Every successful response has a data member; list responses ' +
        'also have meta. Generation and all other endpoints share one rate limit per workspace.',
    },
    servers: [{ url: opts.serverUrl }],
    security: [{ bearerAuth: [] }],
    tags: [
      ...[...new Set([...routes, ...pageRoutes].map((route) => route.tag))].map((name) => ({
        name,
        description: tagDescriptions[name],
      })),
      { name: webhooksTag, description: webhooksTagDescription },
    ],
    paths,
    webhooks,
    components: {
      schemas: schemas.components,
      responses,
      headers: pageRoutes.length > 0 ? { ...headers, ...pageHeaderComponents } : headers,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key created in the workspace dashboard, sent as Authorization: Bearer <API_KEY>. ' +
            'A missing, malformed, invalid or revoked key gives 403.',
        },
      },
    },
  };
}

function operation(route: RouteSpec, schemas: SchemaComponents): Json {
  const parameters = [
    ...objectParameters(route.params, 'path', schemas),
    ...objectParameters(route.query, 'query', schemas),
  ];
  if (route.idempotencyKey) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Makes a retry safe: the same key and body return the first response instead of creating or recording again.',
      schema: schemas.render(IdempotencyKey),
    });
  }

  const successHeaders: Json = rateLimitHeaders();
  if (route.idempotencyKey) successHeaders['Idempotent-Replayed'] = headerRef('Idempotent-Replayed');

  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description && { description: route.description }),
    tags: [route.tag],
    ...(parameters.length > 0 && { parameters }),
    ...(route.body && {
      requestBody: {
        required: route.bodyRequired,
        content: { 'application/json': { schema: schemas.render(route.body) } },
      },
    }),
    responses: {
      [route.success.status]: {
        description: 'Success.',
        headers: successHeaders,
        content: {
          [route.success.contentType ?? 'application/json']: { schema: schemas.render(route.success.schema) },
        },
      },
      ...Object.fromEntries(
        route.errors.map((status) => [status, { $ref: `#/components/responses/${errorResponse(status).name}` }]),
      ),
    },
  };
}

const webhooksTag = 'Webhooks';
const webhooksTagDescription =
  'What the platform POSTs to the webhook endpoints registered for a workspace (admin API): signed, retried ' +
  'up to 8 times over about 45 hours, at least once (drop an event id you have already applied). An endpoint ' +
  'registered without event_types receives the four invoice.* types of the spec; the opt-in types only go to ' +
  'endpoints that name them.';

/** Headers of every webhook request (docs/architecture.md#webhooks "Signing"). */
const webhookHeaders: [string, string][] = [
  [
    'Service-Signature',
    't=<unix seconds>,v1=<hex HMAC-SHA256 of "{t}.{body}"> keyed with the secret text; two v1 values for 24 h after a rotation.',
  ],
  ['Service-Event', 'The event type.'],
  ['Service-Delivery', 'The event id.'],
  ['webhook-id', 'Standard Webhooks: the event id.'],
  ['webhook-timestamp', 'Standard Webhooks: unix seconds of this attempt.'],
  ['webhook-signature', "Standard Webhooks: v1,<base64 HMAC-SHA256> keyed with the secret's decoded bytes."],
];

/** One event an endpoint receives, as an OpenAPI 3.1 webhook: the request the platform makes. */
function webhookOperation(spec: WebhookSpec, schemas: SchemaComponents): Json {
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description,
    tags: [webhooksTag],
    security: [],
    parameters: webhookHeaders.map(([name, description]) => ({
      name,
      in: 'header',
      required: true,
      description,
      schema: { type: 'string' },
    })),
    requestBody: { required: true, content: { 'application/json': { schema: schemas.render(spec.body) } } },
    responses: {
      200: { description: 'Any 2xx within 10 seconds acknowledges the event.' },
      '4XX': { description: 'A failure, as is a 3xx, a 5xx or no answer: the event is tried again later.' },
    },
  };
}

function pageOperation(route: PageRouteSpec, schemas: SchemaComponents, errorSchema: Json): Json {
  const responses: Record<string, Json> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    let content: Json | undefined;
    if (response.html) content = { 'text/html': { schema: schemas.render(HtmlPage) } };
    else if (response.error) content = { 'application/json': { schema: errorSchema } };
    else if (response.body) content = { [response.body.contentType]: { schema: schemas.render(response.body.schema) } };
    responses[status] = {
      description: response.description,
      ...(response.headers && {
        headers: Object.fromEntries(response.headers.map((name) => [name, headerRef(name)])),
      }),
      ...(content && { content }),
    };
  }
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    tags: [route.tag],
    // No API key: the invoice id is the capability; providers are verified by the payment service.
    security: [],
    parameters: objectParameters(route.params, 'path', schemas),
    ...(route.requestBody && {
      requestBody: {
        description: route.requestBody.description,
        required: route.requestBody.required,
        content: Object.fromEntries(
          Object.entries(route.requestBody.content).map(([type, schema]) => [type, { schema: schemas.render(schema) }]),
        ),
      },
    }),
    responses,
  };
}

/** One parameter per property; the field's description moves up to the parameter, where readers look. */
function objectParameters(object: TSchema | undefined, location: 'path' | 'query', schemas: SchemaComponents) {
  if (object === undefined) return [];
  const required = new Set<string>(object.required ?? []);
  return Object.entries(object.properties as Record<string, TSchema>).map(([name, property]): Json => {
    const { description, ...schema } = schemas.render(property);
    return {
      name,
      in: location,
      // OpenAPI requires path parameters to be marked required.
      required: location === 'path' || required.has(name),
      ...(description !== undefined && { description }),
      schema,
    };
  });
}

/**
 * Request schemas state their defaults in words, not as `default` (docs/api-clients.md "Defaults"):
 * openapi-typescript 7 with its default options types every property that has a `default` as
 * required, in a request too, so a typed call would have to send what the server fills in. The
 * gateway validates with the TypeBox schemas, whose defaults Ajv still applies: only the document
 * changes. Parameter defaults stay (generators keep parameters optional), and so does every schema
 * a response uses; a named schema used by both a request and a response may carry no default.
 */
function describeRequestDefaults(paths: Record<string, Json>, responses: Json, components: Record<string, Json>) {
  const requestRoots: Json[] = [];
  const otherRoots: unknown[] = [responses];
  for (const operation of Object.values(paths).flatMap((methods) => Object.values(methods) as Json[])) {
    const content = ((operation.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
    requestRoots.push(...Object.values(content).map((media) => media.schema as Json));
    otherRoots.push(operation.parameters, operation.responses);
  }
  const requestNames = reachable(requestRoots, components);
  const otherNames = reachable(otherRoots, components);
  const move = (schema: Json, owner: string) =>
    walkSchemas(schema, (node) => {
      if (!('default' in node)) return;
      if (owner !== '' && otherNames.has(owner)) {
        throw new Error(`${owner} is used by a request and a response and has a default: give the request its own`);
      }
      const ref = typeof node.$ref === 'string' ? components[node.$ref.split('/').pop()!] : undefined;
      const described = (node.description ?? ref?.description) as string | undefined;
      const words = `Default: ${JSON.stringify(node.default)} (the server applies it when the field is omitted).`;
      node.description = described === undefined ? words : `${described} ${words}`;
      delete node.default;
    });
  for (const root of requestRoots) move(root, '');
  for (const name of requestNames) move(components[name]!, name);
}

/** The names of the component schemas that `roots` refer to, directly or through other components. */
function reachable(roots: unknown[], components: Record<string, Json>): Set<string> {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key === '$ref' && typeof item === 'string' && item.startsWith('#/components/schemas/')) {
          const name = item.slice('#/components/schemas/'.length);
          if (!names.has(name)) {
            names.add(name);
            visit(components[name]);
          }
        } else visit(item);
      }
    }
  };
  roots.forEach(visit);
  return names;
}

/** Calls `visit` on a schema and each of its sub-schemas, not following `$ref`. */
function walkSchemas(schema: Json, visit: (node: Json) => void): void {
  visit(schema);
  for (const [key, value] of Object.entries(schema)) {
    if (subschemaKeys.has(key) && typeof value === 'object' && value !== null) walkSchemas(value as Json, visit);
    else if (subschemaListKeys.has(key)) (value as Json[]).forEach((item) => walkSchemas(item, visit));
    else if (subschemaMapKeys.has(key))
      Object.values(value as Record<string, Json>).forEach((item) => walkSchemas(item, visit));
  }
}

function errorResponse(status: number): { name: string; description: string } {
  const response = errorResponses[status];
  if (response === undefined) throw new Error(`No error response is defined for status ${status}`);
  return response;
}

function rateLimitHeaders(): Json {
  return {
    'X-RateLimit-Limit': headerRef('X-RateLimit-Limit'),
    'X-RateLimit-Remaining': headerRef('X-RateLimit-Remaining'),
  };
}

function headerRef(name: string): Json {
  return { $ref: `#/components/headers/${name}` };
}

const subschemaKeys = new Set([
  'items',
  'not',
  'additionalProperties',
  'contains',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
const subschemaListKeys = new Set(['anyOf', 'allOf', 'oneOf', 'prefixItems']);
const subschemaMapKeys = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs']);
/** What a use of a named schema may add beside its `$ref` (see `use` in schemas/common.ts). */
const useSiteAnnotations = ['description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly'];

/** Collects every titled schema as a named component and refers to it by `$ref`. */
class SchemaComponents {
  readonly components: Record<string, Json> = {};

  /** The JSON Schema to place where `schema` is used. */
  render(schema: TSchema): Json {
    const named = (schema as { [UseOf]?: TSchema })[UseOf];
    if (named !== undefined) {
      const json = this.render(named);
      for (const key of useSiteAnnotations) {
        if (key in schema && schema[key] !== named[key]) json[key] = schema[key];
      }
      return json;
    }
    if (typeof schema.title === 'string') return { $ref: `#/components/schemas/${this.register(schema)}` };
    return this.convert(schema);
  }

  private register(schema: TSchema): string {
    const name = schema.title as string;
    const json = this.convert(schema);
    const existing = this.components[name];
    if (existing === undefined) this.components[name] = json;
    else if (JSON.stringify(existing) !== JSON.stringify(json)) {
      throw new Error(`Two different schemas are titled ${name}`);
    }
    return name;
  }

  /** A plain copy: Object.entries skips TypeBox's symbol-keyed markers, and sub-schemas go through render(). */
  private convert(schema: TSchema): Json {
    const json: Json = {};
    for (const [key, value] of Object.entries(schema)) {
      if (subschemaKeys.has(key) && typeof value === 'object' && value !== null) json[key] = this.render(value);
      else if (subschemaListKeys.has(key)) json[key] = (value as TSchema[]).map((item) => this.render(item));
      else if (subschemaMapKeys.has(key)) {
        json[key] = Object.fromEntries(
          Object.entries(value as Record<string, TSchema>).map(([name, item]) => [name, this.render(item)]),
        );
      } else json[key] = value;
    }
    return json;
  }
}
