import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  /** One address or several. */
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /**
   * The Message-ID header, `<id-left@domain>`. Give a stable one when the same message may be sent
   * again (a retry whose first outcome is unknown), so receiving systems can tell it is a copy;
   * nodemailer makes a random one when it is left out.
   */
  messageId?: string;
}

export interface Mailer {
  /** Sends one message; rejects when the server refuses it or cannot be reached in time. */
  send(msg: MailMessage): Promise<{ messageId: string }>;
  /** True when the SMTP server answers and accepts a session (for readiness); never throws. */
  verify(): Promise<boolean>;
  close(): void;
}

export interface MailerOptions {
  /** smtp://[user:pass@]host[:port] (STARTTLS when offered) or smtps://… (TLS from the start). */
  smtpUrl: string;
  /** The From header, e.g. `Invoices <no-reply@example.com>`. */
  from: string;
  /** Upper bound on each phase (connect, greeting, each command); default 5 s. */
  timeoutMs?: number;
}

/**
 * Outgoing mail over SMTP (docs/architecture.md#mail: a real SMTP server everywhere, the local sink
 * in dev and tests). Timeouts are short so that an SMTP outage fails the send fast: callers (the
 * recurring scheduler, the webhook deactivation notice) keep their own retry state and try again
 * later.
 */
export function createMailer(opts: MailerOptions): Mailer {
  const timeout = opts.timeoutMs ?? 5000;
  const url = new URL(opts.smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP URL must start with smtp:// or smtps://, got ${url.protocol}//`);
  }
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 25,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
    dnsTimeout: timeout,
  });
  return {
    async send(msg) {
      const info = await transport.sendMail({
        from: opts.from,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html,
        messageId: msg.messageId,
        attachments: msg.attachments?.map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
        })),
      });
      return { messageId: String(info.messageId) };
    },
    async verify() {
      try {
        return await transport.verify();
      } catch {
        return false;
      }
    },
    close() {
      transport.close();
    },
  };
}
