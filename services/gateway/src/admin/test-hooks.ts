import type Router from '@koa/router';
import { AppError } from '@invoice-platform/common/errors';
import type { MessagesOf, MethodsOf } from '@invoice-platform/common/grpc/protos';
import { connectTestHooks, type TestHooksClient } from '@invoice-platform/common/services';
import type { TestHooksDefinition } from '@invoice-platform/protos/invoiceplatform/testhooks/v1/TestHooks';
import type { Context } from 'koa';
import type { Config } from '../config.ts';

/**
 * The test hooks (protos/invoiceplatform/testhooks/v1/testhooks.proto) of the peers that have
 * some, at their usual addresses; connected only with GATEWAY_TEST_HOOKS on. A peer serves them
 * only when started with its own test-hooks flag; a production start refuses both flags.
 */
export interface TestHookPeers {
  invoice?: TestHooksClient;
  recurring?: TestHooksClient;
  webhook?: TestHooksClient;
}

type HookPeer = keyof TestHookPeers;

const flags: Record<HookPeer, string> = {
  invoice: 'INVOICE_TEST_HOOKS',
  recurring: 'RECURRING_TEST_HOOKS',
  webhook: 'WEBHOOK_TEST_HOOKS',
};

export function connectTestHookPeers(
  config: Pick<Config, 'INVOICE_ADDR' | 'RECURRING_ADDR' | 'WEBHOOK_ADDR' | 'GRPC_TIMEOUT_MS'>,
): TestHookPeers {
  const at = (addr: string) => (addr ? connectTestHooks(addr, config.GRPC_TIMEOUT_MS) : undefined);
  return { invoice: at(config.INVOICE_ADDR), recurring: at(config.RECURRING_ADDR), webhook: at(config.WEBHOOK_ADDR) };
}

export function closeTestHookPeers(peers: TestHookPeers): void {
  for (const client of Object.values(peers)) client?.close();
}

/** Calls a peer's test hook; a peer without them is a 501 that names the flag to set. */
export async function callTestHook<K extends keyof MethodsOf<TestHooksDefinition> & string>(
  peers: TestHookPeers | undefined,
  peer: HookPeer,
  method: K,
  request: MessagesOf<TestHooksDefinition, K>['req'],
): Promise<MessagesOf<TestHooksDefinition, K>['resOut']> {
  if (!peers)
    throw new AppError(
      'not_implemented',
      `${method} is a test hook: the gateway forwards it only when started with GATEWAY_TEST_HOOKS=true (never in production).`,
    );
  const client = peers[peer];
  if (!client) throw new AppError('not_implemented', `The ${peer} service is not configured.`);
  try {
    return await client.call(method, request);
  } catch (err) {
    if (err instanceof AppError && err.kind === 'not_implemented')
      throw new AppError(
        'not_implemented',
        `${method} is a test hook: the ${peer} service serves it only when started with ${flags[peer]}=true (never in production).`,
      );
    throw err;
  }
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The test clocks on the admin API (the sweeps at a given time are on their ops routes, with `now`). */
export function registerTestHookRoutes(
  r: Router,
  deps: { hooks?: TestHookPeers; body: (ctx: Context) => Promise<Record<string, unknown>> },
): void {
  r.put('/recurring/clock', async (ctx) => {
    const b = await deps.body(ctx);
    ctx.body = { data: await callTestHook(deps.hooks, 'recurring', 'SetClock', { now: str(b.now) }) };
  });
  r.put('/webhooks/clock', async (ctx) => {
    const b = await deps.body(ctx);
    ctx.body = { data: await callTestHook(deps.hooks, 'webhook', 'SetClock', { now: str(b.now) }) };
  });
}
