import { AppError, type FieldError } from '@invoice-platform/common/errors';
import type { PaymentServiceDefinition } from '@invoice-platform/protos/invoiceplatform/payment/v1/PaymentService';
import type { TypedHandlers } from '@invoice-platform/common/grpc/server';
import type { RawNotification } from '../domain/adapter.ts';
import type { CheckoutService } from '../service/checkout.ts';
import type { NotificationService } from '../service/notifications.ts';

export interface HandlerDeps {
  checkout: CheckoutService;
  notifications: NotificationService;
  publicBaseUrl: string;
}

/** The gateway bounds a notification body; this is the service's own limit behind it. */
const maxBodyBytes = 1024 * 1024;

function checkReturnUrl(value: string): FieldError | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { path: 'return_url', message: 'must be an absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { path: 'return_url', message: 'must be http(s)' };
  return value.length > 2048 ? { path: 'return_url', message: 'must be at most 2048 characters' } : undefined;
}

function decodeNotification(req: {
  body?: Buffer;
  headers?: { name: string; value: string }[];
  query?: string;
}): RawNotification {
  const body = req.body ?? Buffer.alloc(0);
  if (body.length > maxBodyBytes)
    throw AppError.validation([{ path: 'body', message: `must be at most ${maxBodyBytes} bytes` }]);
  const headers: Record<string, string> = {};
  // A repeated header keeps its first value; no provider signs with a repeated one.
  for (const h of req.headers ?? []) {
    const name = h.name.toLowerCase();
    if (!(name in headers)) headers[name] = h.value;
  }
  return { body: Buffer.from(body), headers, query: req.query ?? '' };
}

export function paymentHandlers(deps: HandlerDeps): TypedHandlers<PaymentServiceDefinition> {
  return {
    async StartCheckout(req) {
      const errors: FieldError[] = [];
      if (!req.invoice_id || !/^[A-Za-z0-9_-]{1,64}$/.test(req.invoice_id))
        errors.push({ path: 'invoice_id', message: 'is required (an id)' });
      // Default: the public invoice page the Pay button was on.
      const returnUrl = req.return_url || `${deps.publicBaseUrl.replace(/\/+$/, '')}/p/invoice/${req.invoice_id}`;
      const urlError = checkReturnUrl(returnUrl);
      if (urlError) errors.push(urlError);
      if (errors.length > 0) throw AppError.validation(errors);
      const started = await deps.checkout.start(req.invoice_id, returnUrl);
      return { redirect_url: started.redirectUrl, provider: started.provider, reused: started.reused };
    },

    async HandleNotification(req) {
      const handled = await deps.notifications.handle(req.provider, decodeNotification(req), req.client_ip);
      return {
        http_status: handled.reply.status,
        content_type: handled.reply.contentType,
        body: Buffer.from(handled.reply.body, 'utf8'),
        outcome: handled.outcome,
        reason: handled.reason,
      };
    },
  };
}
