import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface SinkConfig {
  smtpHost: string;
  smtpPort: number;
  httpHost: string;
  httpPort: number;
  /** Folder of messages.jsonl. */
  dir: string;
}

function hostPort(value: string, name: string): { host: string; port: number } {
  const m = /^(.+):(\d{1,5})$/.exec(value);
  if (!m || Number(m[2]) > 65535) throw new Error(`${name} must be host:port, got "${value}"`);
  return { host: m[1]!.replace(/^\[(.*)\]$/, '$1'), port: Number(m[2]) };
}

/** The only place the sink reads its environment. Defaults are the local stack's addresses. */
export function loadSinkConfig(env: Record<string, string | undefined> = process.env): SinkConfig {
  const smtp = hostPort(env.SMTP_SINK_SMTP_ADDR || '127.0.0.1:11025', 'SMTP_SINK_SMTP_ADDR');
  const http = hostPort(env.SMTP_SINK_HTTP_ADDR || '127.0.0.1:11080', 'SMTP_SINK_HTTP_ADDR');
  return {
    smtpHost: smtp.host,
    smtpPort: smtp.port,
    httpHost: http.host,
    httpPort: http.port,
    dir: path.resolve(env.SMTP_SINK_DIR || path.join(repoRoot, '.local/smtp')),
  };
}
