import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredAttachment {
  filename: string | null;
  contentType: string;
  size: number;
  sha256: string;
}

export interface StoredMessage {
  id: string;
  received_at: string;
  /** The sender's Message-ID header (null when it set none): copies of one message share it. */
  message_id: string | null;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  attachments: StoredAttachment[];
}

/**
 * Messages as JSON lines in one file, so they survive a restart of the sink. Writes go through
 * one promise chain: an append never interleaves with another append or with a clear.
 */
export class MessageStore {
  readonly file: string;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(dir: string) {
    this.file = path.join(dir, 'messages.jsonl');
  }

  async init(): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    await appendFile(this.file, '');
  }

  append(message: StoredMessage): Promise<void> {
    return this.serial(() => appendFile(this.file, `${JSON.stringify(message)}\n`));
  }

  clear(): Promise<void> {
    return this.serial(() => writeFile(this.file, ''));
  }

  /** Oldest first (newest last); `to` keeps messages with that recipient (case-insensitive). */
  async list(to?: string): Promise<StoredMessage[]> {
    await this.tail;
    const text = await readFile(this.file, 'utf8').catch(() => '');
    const messages: StoredMessage[] = [];
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        messages.push(JSON.parse(line) as StoredMessage);
      } catch {
        // A line cut short by a crash mid-append: skip it, keep the rest.
      }
    }
    if (!to) return messages;
    const wanted = to.trim().toLowerCase();
    return messages.filter((m) => m.to.some((addr) => addr.toLowerCase() === wanted));
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
