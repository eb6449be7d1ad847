import { createServer, type RequestListener, type Server } from 'node:http';

/**
 * How long an idle kept-alive connection stays open. Node's 5 s default races a client that reuses
 * the connection just as the server ends it: the request is lost with the socket ("other side
 * closed"), which a load balancer answers with a 502 and a client whose event loop was busy for a
 * few seconds meets as a failed fetch (the docs e2e test did, under CI's load). Above the 60 s idle
 * timeout of the usual load balancers, so they end the connection first; clients that read the
 * `Keep-Alive: timeout=65` hint (undici, Node's fetch) end theirs before it.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Serves `app` (a Koa app, or anything with a request listener) on `host`:`port` once it listens.
 * With `reusePort`, replicas on one host share the port and the kernel spreads their connections
 * (SO_REUSEPORT, Linux 3.9+): the local platform's gateways on 8080 (docs/scaling.md).
 */
export function listenHttp(
  app: { callback(): RequestListener },
  host: string,
  port: number,
  reusePort = false,
): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    const listener = app.callback();
    const server = createServer({ keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS }, (req, res) => {
      // Once the server is closing, a connection whose answer went out is closed as soon as it is
      // idle, rather than kept for its keep-alive timeout (closeHttp would wait out its grace).
      res.once('finish', () => {
        if (!server.listening) setImmediate(() => server.closeIdleConnections());
      });
      listener(req, res);
    });
    server.once('error', reject);
    server.listen({ port, host, reusePort }, () => resolve(server));
  });
}

/**
 * Stops accepting connections and closes the idle keep-alive ones at once; requests in flight
 * finish within `graceMs`, after which the connections still open are cut.
 */
export function closeHttp(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.closeAllConnections();
      resolve();
    }, graceMs);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
