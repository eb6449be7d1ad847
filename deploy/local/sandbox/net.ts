/**
 * Free ports and waiting, for the local sandbox and the tests (test/support/platform.ts re-exports
 * them): both start servers on loopback ports picked at random, and share one set of claims so two
 * processes never pick the same one.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function tryListen(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}

const portClaims = path.join(repoRoot, '.local/run/test-ports');

/**
 * Claims `port` for two minutes across the test files' processes, which pick ports at random in
 * parallel: without it two of them could both find one free and the service started second would
 * die on EADDRINUSE. Two minutes covers a service's start; a claim older than that is taken over.
 */
function claimPort(port: number): boolean {
  mkdirSync(portClaims, { recursive: true });
  const file = path.join(portClaims, String(port));
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    try {
      if (Date.now() - statSync(file).mtimeMs < 120_000) return false;
      writeFileSync(file, String(process.pid));
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * A port free right now. Picked at random below Linux's ephemeral range (32768+): ports the
 * kernel hands out for port 0 are soon handed out again to a test file running in parallel, whose
 * process may then bind it first.
 */
export async function freePort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const candidate = 20_000 + Math.floor(Math.random() * 12_000);
    if (!claimPort(candidate)) continue;
    const port = await tryListen(candidate);
    if (port) return port;
  }
  const port = await tryListen(0);
  if (!port) throw new Error('no free port');
  return port;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await fn();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      lastError = err;
    }
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
}
