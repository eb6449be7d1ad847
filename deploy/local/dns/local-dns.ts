import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { isIPv4 } from 'node:net';
import dnsPacket from 'dns-packet';
import { createUnaryClient, type UnaryClient } from '@invoice-platform/common/grpc/client';
import { loadService } from '@invoice-platform/common/grpc/protos';

/**
 * The local platform's service discovery, as a Kubernetes headless Service gives it in the chart:
 * a DNS server on loopback that answers `<service>.<zone>` with the addresses of that service's
 * ready replicas, and nothing for one that is starting, hung or gone. Every replica of a service
 * listens on the same port at its own loopback address (127.0.0.1, 127.0.0.2, …); the services
 * reach a peer at `dns://<this server>/<peer>.<zone>:<port>` and balance calls over what it
 * answers with round_robin, re-resolving whenever a connection ends (the servers cap a
 * connection's age), exactly as they do with `dns:///<release>-<peer>:<port>` in the chart
 * (docs/scaling.md).
 *
 * Readiness is what the chart's readinessProbe reads: the gRPC health check answering SERVING.
 * Each replica is checked every `checkEveryMs`; one success makes it ready, `failureThreshold`
 * failures in a row (a refusal, NOT_SERVING, or no answer within the period) make it unready.
 *
 * Used by scripts/local-dns.ts (the `dns` unit of scripts/services.sh, reading the platform's
 * replicas.json) and by test/support/platform.ts for a test platform with replicas.
 */

/** One replica as the registry knows it: its service and the address it listens on (ip:port). */
export interface RegisteredReplica {
  service: string;
  address: string;
}

export interface LocalDnsOptions {
  /** The zone under which services are named: `pdf.<zone>`. */
  zone: string;
  /** Where to listen; port 0 takes a free one (see `port` once started). */
  host?: string;
  port?: number;
  /** The replicas there are now (read before every round of checks). */
  replicas(): RegisteredReplica[] | Promise<RegisteredReplica[]>;
  checkEveryMs?: number;
  failureThreshold?: number;
  /** Told when a replica becomes ready or unready. */
  onChange?(replica: RegisteredReplica, ready: boolean): void;
}

interface Tracked {
  replica: RegisteredReplica;
  client: UnaryClient;
  ready: boolean;
  failures: number;
}

const health = loadService('grpc/health/v1/health.proto', 'grpc.health.v1.Health');

export class LocalDns {
  private readonly opts: Required<Omit<LocalDnsOptions, 'onChange'>> & Pick<LocalDnsOptions, 'onChange'>;
  private readonly zone: string;
  private socket: Socket | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly tracked = new Map<string, Tracked>();
  private checking: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(opts: LocalDnsOptions) {
    this.opts = { host: '127.0.0.1', port: 0, checkEveryMs: 1000, failureThreshold: 2, ...opts };
    this.zone = opts.zone.toLowerCase().replace(/\.$/, '');
  }

  /** The port it answers on (the one asked for, or the free one it took). */
  get port(): number {
    const address = this.socket?.address();
    if (!address) throw new Error('the local DNS is not started');
    return address.port;
  }

  /** The DNS target of a service's replicas, for `<SERVICE>_ADDR`. */
  target(service: string, port: number): string {
    return `dns://${this.opts.host}:${this.port}/${service}.${this.zone}:${port}`;
  }

  /** The addresses it answers for `service` now. */
  readyAddresses(service: string): string[] {
    return [...this.tracked.values()]
      .filter((t) => t.ready && t.replica.service === service)
      .map((t) => t.replica.address);
  }

  async start(): Promise<this> {
    const socket = createSocket('udp4');
    socket.on('message', (message, from) => this.answer(socket, message, from));
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(this.opts.port, this.opts.host, () => {
        socket.off('error', reject);
        resolve();
      });
    });
    this.socket = socket;
    await this.checkAll();
    this.schedule();
    return this;
  }

  /** Checks every replica now (a test that just started one need not wait for the next round). */
  refresh(): Promise<void> {
    this.checking = this.checking.then(() => this.checkAll());
    return this.checking;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    await this.checking;
    for (const t of this.tracked.values()) t.client.close();
    this.tracked.clear();
    await new Promise<void>((resolve) => (this.socket ? this.socket.close(() => resolve()) : resolve()));
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.refresh().finally(() => this.schedule());
    }, this.opts.checkEveryMs);
  }

  private async checkAll(): Promise<void> {
    if (this.stopped) return;
    let replicas: RegisteredReplica[];
    try {
      replicas = await this.opts.replicas();
    } catch {
      return; // a registry being rewritten: keep what is known until the next round
    }
    const keys = new Set(replicas.map((r) => `${r.service} ${r.address}`));
    for (const [key, t] of this.tracked) {
      if (keys.has(key)) continue;
      t.client.close();
      this.tracked.delete(key);
      if (t.ready) this.opts.onChange?.(t.replica, false);
    }
    for (const replica of replicas) {
      const key = `${replica.service} ${replica.address}`;
      if (!this.tracked.has(key))
        this.tracked.set(key, {
          replica,
          client: createUnaryClient(health, replica.address),
          ready: false,
          failures: 0,
        });
    }
    await Promise.all(
      [...this.tracked.values()].map(async (t) => {
        const serving = await t.client.healthy(this.opts.checkEveryMs);
        if (serving) {
          t.failures = 0;
          if (!t.ready) {
            t.ready = true;
            this.opts.onChange?.(t.replica, true);
          }
        } else if (++t.failures >= this.opts.failureThreshold && t.ready) {
          t.ready = false;
          this.opts.onChange?.(t.replica, false);
        }
      }),
    );
  }

  private answer(socket: Socket, message: Buffer, from: RemoteInfo): void {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return; // not DNS: nothing to answer
    }
    const question = query.questions?.[0];
    const name = question?.name.toLowerCase().replace(/\.$/, '') ?? '';
    const inZone = name === this.zone || name.endsWith(`.${this.zone}`);
    const service = inZone ? name.slice(0, -(this.zone.length + 1)) : '';
    const answers: dnsPacket.Answer[] =
      question?.type === 'A' && service
        ? this.readyAddresses(service)
            .map((address) => address.slice(0, address.lastIndexOf(':')))
            .filter((ip) => isIPv4(ip))
            .map((ip) => ({ type: 'A', name: question.name, ttl: 0, class: 'IN', data: ip }))
        : [];
    const response = dnsPacket.encode({
      id: query.id,
      type: 'response',
      // Authoritative for its zone; anything else is refused (it resolves nothing else).
      flags: dnsPacket.AUTHORITATIVE_ANSWER | (inZone ? 0 : 5),
      questions: query.questions,
      answers,
    });
    socket.send(response, from.port, from.address);
  }
}
