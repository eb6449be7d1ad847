import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface SinkAttachment {
  filename: string | null;
  contentType: string;
  size: number;
  sha256: string;
}

/** A message as the local SMTP sink (deploy/local/smtp-sink) stored it. */
export interface SinkMessage {
  id: string;
  received_at: string;
  /** The Message-ID header as sent (null when none): a re-sent copy of one message has the same. */
  message_id: string | null;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  attachments: SinkAttachment[];
}

/** SMTP_URL and SMTP_SINK_URL of the running stack: the environment wins over .local/stack.env. */
export function mailEnv(): { SMTP_URL: string; SMTP_SINK_URL: string } {
  const file = path.join(repoRoot, '.local/stack.env');
  const fromFile: Record<string, string> = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
      if (m) fromFile[m[1]!] = m[2]!;
    }
  }
  const smtpUrl = process.env.SMTP_URL ?? fromFile.SMTP_URL;
  const sinkUrl = process.env.SMTP_SINK_URL ?? fromFile.SMTP_SINK_URL;
  if (!smtpUrl || !sinkUrl)
    throw new Error('SMTP_URL / SMTP_SINK_URL are not set: start the stack with deploy/local/stack.sh up');
  return { SMTP_URL: smtpUrl, SMTP_SINK_URL: sinkUrl };
}

/**
 * Reads what the SMTP sink received, over its HTTP API. Tests share the sink, so they look for
 * their own recipients (unique addresses per test) rather than clearing it.
 */
export class MailSink {
  readonly baseUrl: string;

  constructor(baseUrl: string = mailEnv().SMTP_SINK_URL) {
    this.baseUrl = baseUrl.replace(/\/$/, '');
  }

  /** Every message, oldest first; with `to`, only those delivered to that address. */
  async list(to?: string): Promise<SinkMessage[]> {
    const url = `${this.baseUrl}/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`;
    const res = await fetch(url);
    if (!res.ok) throw new Error(`smtp sink: GET /messages answered ${res.status}`);
    return (await res.json()) as SinkMessage[];
  }

  /** Waits until some message matches `predicate` and returns the first that does. */
  async waitFor(predicate: (m: SinkMessage) => boolean, timeoutMs = 20_000, to?: string): Promise<SinkMessage> {
    const deadline = Date.now() + timeoutMs;
    let seen = 0;
    for (;;) {
      const messages = await this.list(to);
      seen = messages.length;
      const found = messages.find(predicate);
      if (found) return found;
      if (Date.now() >= deadline) break;
      await sleep(150);
    }
    throw new Error(`no message in the SMTP sink matched within ${timeoutMs} ms (${seen} looked at)`);
  }

  /** Clears the sink; only for tests that run alone (the resilience suite). */
  async clear(): Promise<void> {
    const res = await fetch(`${this.baseUrl}/messages`, { method: 'DELETE' });
    if (!res.ok) throw new Error(`smtp sink: DELETE /messages answered ${res.status}`);
  }
}
