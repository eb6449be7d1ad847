/**
 * Receiving webhooks: each delivery is signed the Standard Webhooks way (webhook-id,
 * webhook-timestamp, webhook-signature headers), so the standardwebhooks library verifies it with
 * the endpoint's signing secret. Verify the raw body, before parsing it. test/contracts/api-clients.test.ts
 * serves this handler and checks a real delivery with it.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';

export interface WebhookEvent {
  id: string;
  type: string;
  data: { object: { id: string; invoice_number: string } };
}

/** The event, when the body carries a valid signature of `secret` (whsec_…); throws otherwise. */
export function verifyWebhook(secret: string, body: string, headers: IncomingHttpHeaders): WebhookEvent {
  return new Webhook(secret).verify(body, headers as Record<string, string>) as WebhookEvent;
}

/** An HTTP endpoint that answers 204 to verified deliveries (passed to `onEvent`) and 400 to any other. */
export function webhookServer(secret: string, onEvent: (event: WebhookEvent) => void) {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        onEvent(verifyWebhook(secret, Buffer.concat(chunks).toString('utf8'), req.headers));
        res.writeHead(204).end();
      } catch {
        res.writeHead(400).end();
      }
    });
  });
}
