import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createUnaryClient, type UnaryClient } from '@invoice-platform/common/grpc/client';
import { loadService } from '@invoice-platform/common/grpc/protos';
import { createLogger } from '@invoice-platform/common/logger';
import mongoose from 'mongoose';
import { type PdfApp, type PdfAppOptions, startPdfApp } from '../../src/app.ts';
import { loadPdfConfig } from '../../src/config.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The local stack's connection settings; starts the stack when it does not answer. */
export function stackEnv(): Record<string, string> {
  const script = path.join(repoRoot, 'deploy/local/stack.sh');
  try {
    execFileSync('bash', [script, 'status'], { stdio: 'ignore' });
  } catch {
    execFileSync('bash', [script, 'up'], { stdio: 'inherit', timeout: 900_000 });
  }
  const env: Record<string, string> = {};
  for (const line of readFileSync(path.join(repoRoot, '.local/stack.env'), 'utf8').split('\n')) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (m) env[m[1]!] = m[2]!;
  }
  return env;
}

export function uniqueDbName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}`;
}

export interface TestService {
  app: PdfApp;
  client: UnaryClient;
  dbName: string;
  stop(): Promise<void>;
}

/** The pdf service in this process on a free port, with its own database, without the consumer. */
export async function startTestService(
  dbPrefix: string,
  env: Record<string, string> = {},
  appOptions: PdfAppOptions = { consume: false },
): Promise<TestService> {
  const stack = stackEnv();
  const dbName = uniqueDbName(dbPrefix);
  const config = loadPdfConfig({
    MONGODB_URI: stack.MONGODB_URI,
    KAFKA_BROKERS: stack.KAFKA_BROKERS,
    PDF_DB_NAME: dbName,
    PDF_LISTEN_ADDR: '127.0.0.1:0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SHUTDOWN_GRACE_MS: '2000',
    ...env,
  });
  const log = createLogger('pdf-test', config.LOG_LEVEL);
  const app = await startPdfApp(config, log, appOptions);
  const client = createUnaryClient(
    loadService('invoiceplatform/pdf/v1/pdf.proto', 'invoiceplatform.pdf.v1.PdfService'),
    `127.0.0.1:${app.server.port}`,
    30_000,
  );
  return {
    app,
    client,
    dbName,
    stop: async () => {
      client.close();
      await app.stop();
      await dropDatabase(stack.MONGODB_URI!, dbName);
    },
  };
}

export async function dropDatabase(uri: string, dbName: string): Promise<void> {
  const conn = await mongoose.createConnection(uri, { dbName, serverSelectionTimeoutMS: 5000 }).asPromise();
  try {
    await conn.dropDatabase();
  } finally {
    await conn.close();
  }
}

/** Text of a PDF through poppler's pdftotext (installed by deploy/local/stack.sh). */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

/**
 * Text of a PDF in the order it was drawn (pdftotext -raw): columns side by side do not interleave
 * line by line as in the layout mode, so a sentence in a narrow column reads whole.
 */
export function pdfRawText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-raw', '-', '-'], { input: pdf }).toString('utf8');
}
