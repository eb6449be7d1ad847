import type { Readable } from 'node:stream';
import Router from '@koa/router';
import type { Context } from 'koa';
import { principalOf } from './api-guard.ts';
import type { Principal } from './auth.ts';
import { readJsonBody } from './body.ts';
import type { OperationId, RouteSpec } from './schemas/routes.ts';
import { compileRoute } from './validation.ts';

export interface RouteInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  idempotencyKey?: string;
}

export interface HandlerResult {
  /** A JSON-serializable body, or the exact JSON text to send (idempotent replays). */
  body: unknown;
  rawJson?: string;
  /** A document answered as it is, not as JSON (the e-invoice XML). */
  document?: { contentType: string; text: string };
  /** A file streamed as it arrives (a credit note's PDF), its size known before the first byte. */
  file?: { contentType: string; body: Readable; sizeBytes: number };
  headers?: Record<string, string>;
}

export type RouteHandler = (req: { input: RouteInput; principal: Principal; ctx: Context }) => Promise<HandlerResult>;
/** One handler per operation of the public API, no more, no fewer. */
export type Handlers = Record<OperationId, RouteHandler>;

export interface ApiRouterDeps {
  routes: RouteSpec[];
  handlers: Handlers;
  /** Largest JSON body read, in bytes (BODY_LIMIT_BYTES). */
  bodyLimit: number;
}

/**
 * The public API's operations as Koa routes: each reads its JSON body, validates its parts
 * against its route's schemas, calls its handler with the principal the API guard authenticated,
 * and sends what the handler answers.
 */
export function apiRouter(deps: ApiRouterDeps): Router {
  const router = new Router();
  for (const route of deps.routes) {
    const validator = compileRoute(route);
    const handler = deps.handlers[route.operationId];
    router[route.method](route.path, async (ctx) => {
      const body = route.body ? await readJsonBody(ctx.req, deps.bodyLimit) : undefined;
      ctx.state.rawBody = body;
      const input = validator.validate({
        params: ctx.params,
        query: ctx.query,
        body,
        headers: ctx.headers,
      }) as RouteInput;
      const result = await handler({ input, principal: principalOf(ctx), ctx });
      ctx.status = 200;
      for (const [name, value] of Object.entries(result.headers ?? {})) ctx.set(name, value);
      if (result.rawJson !== undefined) {
        ctx.type = 'application/json';
        ctx.body = result.rawJson;
      } else if (result.document) {
        ctx.type = result.document.contentType;
        ctx.body = result.document.text;
      } else if (result.file) {
        ctx.type = result.file.contentType;
        ctx.length = result.file.sizeBytes;
        ctx.body = result.file.body;
      } else ctx.body = result.body;
    });
  }
  return router;
}
