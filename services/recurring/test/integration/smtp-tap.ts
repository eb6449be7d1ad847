import net from 'node:net';

/** One message a client sent through the tap: its envelope recipients, its Message-ID, and the server's answer. */
export interface TappedMessage {
  to: string[];
  messageId: string | null;
  /** The server answered 2xx to the end of its data: it took the message. */
  accepted: boolean;
}

/**
 * A TCP relay in front of the real SMTP sink, for what the sink does not keep: it forwards every
 * byte both ways unchanged and reads, on the way, each message's recipients and Message-ID header
 * and the server's answer to it (the sink stores neither the header nor refusals). It can also
 * stand for an SMTP server that is down (`stop`: the port refuses connections) or that refuses
 * service (`refuse`: a 421 greeting), without stopping the sink other tests share.
 */
export class SmtpTap {
  readonly messages: TappedMessage[] = [];
  refusing = false;
  private readonly upstream: { host: string; port: number };
  private readonly sockets = new Set<net.Socket>();
  private server: net.Server | undefined;
  private port = 0;

  constructor(sinkUrl: string) {
    const url = new URL(sinkUrl);
    this.upstream = { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port || 25) };
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Listens (again, on the same port once it has one). */
  async start(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => this.relay(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Closes the port and every open session: connections are refused until `start`. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The Message-IDs of the messages the server took that were sent to `to`, in order. */
  acceptedIds(to: string): (string | null)[] {
    return this.messages.filter((m) => m.accepted && m.to.includes(to)).map((m) => m.messageId);
  }

  private relay(client: net.Socket): void {
    this.sockets.add(client);
    client.once('close', () => this.sockets.delete(client));
    client.on('error', () => undefined);
    if (this.refusing) {
      client.end('421 4.3.2 tap: service not available\r\n');
      return;
    }
    const server = net.connect(this.upstream);
    this.sockets.add(server);
    server.once('close', () => {
      this.sockets.delete(server);
      client.destroy();
    });
    client.once('close', () => server.destroy());
    server.on('error', () => client.destroy());

    let inData = false;
    let inHeaders = false;
    let headers: string[] = [];
    let rcpt: string[] = [];
    /** The message whose data just ended, waiting for the server's answer. */
    let awaiting: TappedMessage | undefined;
    const lines = (onLine: (line: string) => void) => {
      let rest = '';
      return (chunk: Buffer) => {
        rest += chunk.toString('latin1');
        let at: number;
        while ((at = rest.indexOf('\r\n')) >= 0) {
          onLine(rest.slice(0, at));
          rest = rest.slice(at + 2);
        }
      };
    };
    client.on(
      'data',
      lines((line) => {
        if (inData) {
          if (line === '.') {
            inData = false;
            const unfolded = headers.join('\r\n').replace(/\r\n[ \t]+/g, ' ');
            const messageId = /^message-id:\s*(<[^>]*>)/im.exec(unfolded)?.[1] ?? null;
            awaiting = { to: rcpt, messageId, accepted: false };
            this.messages.push(awaiting);
            rcpt = [];
          } else if (inHeaders) {
            if (line === '') inHeaders = false;
            else headers.push(line);
          }
          return;
        }
        const rcptTo = /^RCPT TO:\s*<([^>]*)>/i.exec(line);
        if (rcptTo) rcpt.push(rcptTo[1]!);
        else if (/^DATA$/i.test(line)) {
          inData = true;
          inHeaders = true;
          headers = [];
        } else if (/^(RSET|MAIL FROM:)/i.test(line)) rcpt = /^RSET/i.test(line) ? [] : rcpt;
      }),
    );
    server.on(
      'data',
      lines((line) => {
        // The first final reply after the end of the data is the server's answer to the message.
        if (awaiting && /^\d{3} /.test(line)) {
          awaiting.accepted = line.startsWith('2');
          awaiting = undefined;
        }
      }),
    );
    client.pipe(server);
    server.pipe(client);
  }
}
