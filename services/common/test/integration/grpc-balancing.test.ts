import './alternative-resolver.ts';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import test from 'ava';
import { LocalDns, type RegisteredReplica } from '@invoice-platform/local-dns/local-dns';
import { AppError } from '../../src/errors.ts';
import { CLIENT_CHANNEL_OPTIONS, createUnaryClient } from '../../src/grpc/client.ts';
import { type RunningGrpcServer, startGrpcServer, type UnaryHandlers } from '../../src/grpc/server.ts';
import { createLogger } from '../../src/logger.ts';
import { platformService } from '../../src/services.ts';

/**
 * Balanced gRPC (docs/scaling.md), with real servers on loopback addresses of their own and the
 * services' own client: calls spread one by one over every replica the DNS answers with, a
 * connection ended for its age fails no call, a replica that appears gets calls within that age,
 * one that is not ready gets none, and a call whose replica dies is sent to another when it is safe.
 */

const log = createLogger('grpc-balancing', 'silent');
const pdf = platformService('pdf');

interface Replica {
  address: string;
  server: RunningGrpcServer;
  calls: Map<string, number>;
  ready: boolean;
}

class Fleet {
  readonly port = 20_000 + randomInt(10_000);
  readonly replicas: Replica[] = [];
  readonly dns = new LocalDns({
    zone: 'balancing.internal',
    replicas: (): RegisteredReplica[] => this.replicas.map((r) => ({ service: 'pdf', address: r.address })),
    checkEveryMs: 200,
  });

  /** A replica at 127.0.0.<n>: `handlers` over ones that count their calls and answer at once. */
  async add(n: number, maxAgeMs: number, handlers: UnaryHandlers = {}, ready = true): Promise<Replica> {
    const calls = new Map<string, number>();
    const counted = (method: string, answer: () => Promise<unknown>) => async (request: unknown) => {
      calls.set(method, (calls.get(method) ?? 0) + 1);
      return (handlers[method] as ((r: unknown) => Promise<unknown>) | undefined)?.(request) ?? answer();
    };
    const replica: Replica = { address: `127.0.0.${n}:${this.port}`, calls, ready, server: undefined as never };
    replica.server = await startGrpcServer({
      addr: replica.address,
      connectionAge: { maxAgeMs, graceMs: 5000 },
      log,
      isReady: async () => replica.ready,
      services: [
        {
          service: pdf,
          handlers: {
            ResolveTemplate: counted('ResolveTemplate', async () => ({ source: 'system_default' })),
            Render: counted('Render', async () => ({})),
          },
        },
      ],
    });
    this.replicas.push(replica);
    await this.dns.refresh();
    return replica;
  }

  client() {
    return createUnaryClient(pdf, this.dns.target('pdf', this.port), 5000);
  }

  async stop() {
    await this.dns.stop();
    await Promise.all(this.replicas.map((r) => r.server.shutdown(0)));
  }
}

const render = { workspace_id: 'ws', invoice_id: 'inv_1' };
const resolve = { workspace_id: 'ws', plan: 'business' };

test("grpc balancing: each method's calls go round every ready replica, whatever other calls come between", async (t) => {
  const fleet = new Fleet();
  await fleet.dns.start();
  t.teardown(() => fleet.stop());
  const [a, b] = [await fleet.add(1, 30_000), await fleet.add(2, 30_000)];
  const client = fleet.client();
  t.teardown(() => client.close());
  // As a generate does: ResolveTemplate, then Render, one after the other.
  for (let i = 0; i < 100; i++) {
    await client.call('ResolveTemplate', resolve);
    await client.call('Render', render);
  }
  t.is((a!.calls.get('Render') ?? 0) + (b!.calls.get('Render') ?? 0), 100);
  // Half on each, but for the first calls of a channel, made while only one replica was connected.
  for (const method of ['Render', 'ResolveTemplate']) {
    const onA = a!.calls.get(method) ?? 0;
    t.true(onA >= 45 && onA <= 55, `${method}: ${onA} of 100 on one replica`);
  }
});

test('grpc balancing: connections ended for their age (every 300 ms) fail none of the calls under way', async (t) => {
  const fleet = new Fleet();
  await fleet.dns.start();
  t.teardown(() => fleet.stop());
  const slow = { Render: async () => new Promise((r) => setTimeout(() => r({}), 20)) };
  await fleet.add(1, 300, slow);
  await fleet.add(2, 300, slow);
  const client = fleet.client();
  t.teardown(() => client.close());
  const failures: string[] = [];
  let ok = 0;
  const until = Date.now() + 6000;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (Date.now() < until) {
        // Render is no method marked safe to send twice: a dropped call would fail here.
        await client.call('Render', render).then(
          () => ok++,
          (err: unknown) => failures.push((err as Error).message),
        );
      }
    }),
  );
  t.log(`${ok} calls over 6 s, about ${Math.round(6000 / 300) * 2} connections ended for their age`);
  t.deepEqual(failures, []);
  t.true(ok > 500);
});

test('grpc balancing: a connection ended for its age keeps its calls when a keepalive ping comes due while it drains', async (t) => {
  // grpc-js took the ping a draining session refuses for a dead connection and failed every call
  // on it (patches/@grpc__grpc-js@1.14.7.patch). Pings every 100 ms here, calls of 600 ms, and
  // connections ended every 500 ms: every connection drains through a ping.
  const fleet = new Fleet();
  await fleet.dns.start();
  t.teardown(() => fleet.stop());
  const slow = { Render: async () => new Promise((r) => setTimeout(() => r({}), 600)) };
  await fleet.add(1, 500, slow);
  await fleet.add(2, 500, slow);
  const client = new pdf.Client(fleet.dns.target('pdf', fleet.port), grpc.credentials.createInsecure(), {
    ...CLIENT_CHANNEL_OPTIONS,
    'grpc.keepalive_time_ms': 100,
  });
  t.teardown(() => client.close());
  const render1 = (client as unknown as Record<string, (...a: unknown[]) => void>).Render!.bind(client);
  const failures: string[] = [];
  let ok = 0;
  const until = Date.now() + 4000;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (Date.now() < until)
        await new Promise<void>((resolve) =>
          render1(render, new grpc.Metadata(), { deadline: Date.now() + 5000 }, (err: Error | null) => {
            if (err) failures.push(err.message);
            else ok++;
            resolve();
          }),
        );
    }),
  );
  t.log(`${ok} calls`);
  t.deepEqual(failures, []);
  t.true(ok > 30);
});

test('grpc balancing: a replica the DNS starts answering with gets calls within the connection age; one not ready gets none', async (t) => {
  const fleet = new Fleet();
  await fleet.dns.start();
  t.teardown(() => fleet.stop());
  await fleet.add(1, 1000);
  await fleet.add(2, 1000);
  const client = fleet.client();
  t.teardown(() => client.close());
  const unready = await fleet.add(3, 1000, {}, false);
  const calls = async (r: Replica, ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until && !r.calls.get('Render')) {
      await client.call('Render', render);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return r.calls.get('Render') ?? 0;
  };
  t.is(await calls(unready, 3000), 0, 'a replica whose health check says NOT_SERVING gets no call');
  unready.ready = true;
  await fleet.dns.refresh();
  const readyAt = Date.now();
  t.true((await calls(unready, 5000)) > 0, 'once ready, it gets calls');
  const after = Date.now() - readyAt;
  t.log(`the new replica's first call came ${after} ms after it was ready`);
  t.true(after <= 1000 * 1.1 + 2000, `${after} ms`);
});

/**
 * A pdf replica in a process of its own at `address`, to be killed with SIGKILL: it answers every
 * call at once, but holds forever those for workspace "hold".
 */
async function doomedProcess(address: string): Promise<ChildProcess> {
  const grpc = fileURLToPath(new URL('../../src/grpc/server.ts', import.meta.url));
  const services = fileURLToPath(new URL('../../src/services.ts', import.meta.url));
  const logger = fileURLToPath(new URL('../../src/logger.ts', import.meta.url));
  const script = `
    const { startGrpcServer } = await import(${JSON.stringify(grpc)});
    const { platformService } = await import(${JSON.stringify(services)});
    const { createLogger } = await import(${JSON.stringify(logger)});
    const answer = (res) => async (req) => (req.workspace_id === 'hold' ? new Promise(() => undefined) : res);
    await startGrpcServer({
      addr: ${JSON.stringify(address)},
      connectionAge: { maxAgeMs: 30000, graceMs: 5000 },
      log: createLogger('doomed', 'silent'),
      isReady: async () => true,
      services: [{ service: platformService('pdf'), handlers: {
        ResolveTemplate: answer({ source: 'system_default' }),
        Render: answer({}),
      } }],
    });
    console.log('listening');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`the doomed replica exited (${code})`)));
  });
  return child;
}

test('grpc balancing: a call whose replica is killed is sent to another when the proto or the caller says it is safe, never otherwise', async (t) => {
  const fleet = new Fleet();
  await fleet.dns.start();
  t.teardown(() => fleet.stop());
  await fleet.add(1, 30_000);
  const doomed = await doomedProcess(`127.0.0.2:${fleet.port}`);
  t.teardown(() => doomed.kill('SIGKILL'));
  fleet.replicas.push({
    address: `127.0.0.2:${fleet.port}`,
    calls: new Map(),
    ready: true,
    server: { port: 0, shutdown: async () => undefined },
  });
  await fleet.dns.refresh();
  const client = fleet.client();
  t.teardown(() => client.close());
  // Each method's channel connected to both replicas first (its first calls go to whichever is up).
  for (let i = 0; i < 10; i++)
    await Promise.all([client.call('ResolveTemplate', resolve), client.call('Render', render)]);
  const messages: string[] = [];
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (err: unknown) => {
        messages.push((err as Error).message);
        return err instanceof AppError ? err.kind : String(err);
      },
    );
  // Two of each: round_robin puts one of each on the doomed replica, which holds it.
  const held = { workspace_id: 'hold', invoice_id: 'inv_1' };
  const pending = [
    outcome(client.call('ResolveTemplate', { ...resolve, workspace_id: 'hold' })),
    outcome(client.call('ResolveTemplate', { ...resolve, workspace_id: 'hold' })),
    outcome(client.call('Render', held)),
    outcome(client.call('Render', held)),
    outcome(client.call('Render', held, { idempotent: true })),
    outcome(client.call('Render', held, { idempotent: true })),
  ];
  await new Promise((r) => setTimeout(r, 300));
  doomed.kill('SIGKILL');
  const [r1, r2, plain1, plain2, keyed1, keyed2] = await Promise.all(pending);
  t.log(messages);
  t.deepEqual([r1, r2], ['ok', 'ok'], 'a read (NO_SIDE_EFFECTS) is answered by the other replica');
  t.deepEqual([plain1, plain2].sort(), ['ok', 'unavailable'], 'a write with no key fails: it may have run');
  t.deepEqual([keyed1, keyed2], ['ok', 'ok'], 'a write the caller says carries its key is sent again');
});

test("grpc client: a target that names its DNS server needs grpc-js's alternative resolver, and says so", (t) => {
  const saved = process.env.GRPC_NODE_USE_ALTERNATIVE_RESOLVER;
  delete process.env.GRPC_NODE_USE_ALTERNATIVE_RESOLVER;
  t.teardown(() => (process.env.GRPC_NODE_USE_ALTERNATIVE_RESOLVER = saved));
  t.throws(() => createUnaryClient(pdf, 'dns://127.0.0.1:15353/pdf.invoice-platform.internal:15054'), {
    message: /GRPC_NODE_USE_ALTERNATIVE_RESOLVER=true/,
  });
  t.notThrows(() => createUnaryClient(pdf, 'dns:///pdf.example.internal:50054').close());
});
