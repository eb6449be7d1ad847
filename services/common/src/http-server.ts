import { createServer, type RequestListener, type Server } from 'node:http';

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
    const server = createServer(app.callback());
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
