/**
 * A fake of PayPal's REST API for the calls the adapter makes (developer.paypal.com/docs/api):
 * POST /v1/oauth2/token (client credentials), POST /v2/checkout/orders, GET /v2/checkout/orders/{id},
 * POST /v2/checkout/orders/{id}/capture (PayPal-Request-Id idempotent, 422 ORDER_NOT_APPROVED /
 * ORDER_ALREADY_CAPTURED) and POST /v1/notifications/verify-webhook-signature. Webhooks are signed
 * as PayPal signs them: SHA256withRSA over "<transmission id>|<transmission time>|<webhook id>|<CRC32
 * of the body>", with the paypal-* headers; the verify call checks that with the fake's own key
 * pair, for the webhook id of the fake's one webhook (its credentials). Its hosted approve page
 * (/checkoutnow?token=…) approves the order, sends CHECKOUT.ORDER.APPROVED to the webhook URL and
 * returns the buyer to return_url with token and PayPal's PayerID; a capture then sends
 * PAYMENT.CAPTURE.COMPLETED, as PayPal does. GET reports the order's status as PayPal does for an
 * order created with payment_source.paypal (PAYER_ACTION_REQUIRED until the buyer approves, then
 * APPROVED, COMPLETED once captured, with purchase_units[].payments.captures[]).
 *
 * Orders v2 has no way to cancel or void an order (its operations: create, show, update, confirm
 * payment source, authorize, capture, track); an order nobody approves simply expires at PayPal.
 * So nothing here closes an order, and every order stays payable.
 */
import { generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { crc32 } from 'node:zlib';
import { checkoutPage, deliverOverHttp, type FakeRequest, json, outbox, randomId, startFakeServer } from './http.ts';
import type { FakeCheckout, FakeNotification, FakeProvider, FakeProviderOptions, NotificationTweaks } from './types.ts';

interface Amount {
  currency_code: string;
  value: string;
}

interface Capture {
  id: string;
  status: string;
  amount: Amount;
  final_capture: boolean;
  custom_id?: string;
  create_time: string;
  update_time: string;
  supplementary_data: { related_ids: { order_id: string } };
}

interface PaypalOrder {
  id: string;
  intent: string;
  status: string;
  purchase_units: { reference_id?: string; custom_id?: string; description?: string; amount: Amount }[];
  return_url: string;
  cancel_url: string;
  create_time: string;
  capture?: Capture;
  /** PayPal-Request-Id of the capture, whose repeat answers the same. */
  capture_request_id?: string;
}

export interface FakePaypal extends FakeProvider {
  /** The PAYMENT.CAPTURE.COMPLETED webhook of a captured order (PayPal sends it after the capture). */
  captureCompleted(orderId: string, tweaks?: NotificationTweaks): FakeNotification;
  /** Webhooks the fake sent on its own (after captures), oldest first. */
  sent(): FakeNotification[];
}

export async function startFakePaypal(opts: FakeProviderOptions = {}): Promise<FakePaypal> {
  const credentials = {
    client_id: randomId('AfakeClient', 20),
    client_secret: randomId('EfakeSecret', 20),
    webhook_id: randomId('WH', 12).toUpperCase(),
    ...opts.credentials,
  };
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const wrongKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const tokens = new Set<string>();
  const orders = new Map<string, PaypalOrder>();
  const sentByFake: FakeNotification[] = [];
  const notifications = outbox(deliverOverHttp);
  let notifyUrl = opts.notifyUrl ?? '';
  let baseUrl = '';

  const links = (o: PaypalOrder) => [
    { href: `${baseUrl}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
    ...(o.status === 'PAYER_ACTION_REQUIRED'
      ? [{ href: `${baseUrl}/checkoutnow?token=${o.id}`, rel: 'payer-action', method: 'GET' }]
      : []),
    ...(o.status === 'APPROVED'
      ? [{ href: `${baseUrl}/v2/checkout/orders/${o.id}/capture`, rel: 'capture', method: 'POST' }]
      : []),
  ];
  const orderJson = (o: PaypalOrder) => ({
    id: o.id,
    intent: o.intent,
    status: o.status,
    purchase_units: o.purchase_units.map((u) => ({
      ...u,
      ...(o.capture ? { payments: { captures: [o.capture] } } : {}),
    })),
    ...(o.status !== 'PAYER_ACTION_REQUIRED'
      ? { payer: { payer_id: 'FAKEPAYER1', email_address: 'buyer@example.com' } }
      : {}),
    create_time: o.create_time,
    links: links(o),
  });
  const error = (res: ServerResponse, status: number, name: string, issue: string, description: string) =>
    json(res, status, {
      name,
      message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
      debug_id: randomId('', 13).toLowerCase(),
      details: [{ issue, description }],
      links: [
        {
          href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`,
          rel: 'information_link',
          method: 'GET',
        },
      ],
    });

  /** A webhook as PayPal sends one, signed with the fake's key (or another one). */
  const webhook = (
    eventType: string,
    resourceType: string,
    resource: unknown,
    badSignature = false,
  ): FakeNotification => {
    const now = new Date().toISOString();
    const body = JSON.stringify({
      id: randomId('WH-', 17).toUpperCase(),
      event_version: '1.0',
      create_time: now,
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary: eventType,
      resource,
    });
    const transmissionId = randomUUID();
    const signed = `${transmissionId}|${now}|${credentials.webhook_id}|${crc32(body)}`;
    const signature = sign('sha256', Buffer.from(signed), (badSignature ? wrongKeys : keys).privateKey);
    return {
      provider: 'paypal',
      url: notifyUrl,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${baseUrl}/v1/notifications/certs/CERT-fake`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signature.toString('base64'),
        'paypal-transmission-time': now,
      },
      body,
      query: '',
    };
  };

  const amountOf = (o: PaypalOrder, tweaks: NotificationTweaks): Amount => ({
    currency_code: tweaks.currency ?? o.purchase_units[0]!.amount.currency_code,
    value: tweaks.amount ?? o.purchase_units[0]!.amount.value,
  });

  const captureCompleted = (orderId: string, tweaks: NotificationTweaks = {}): FakeNotification => {
    const o = orders.get(orderId);
    if (!o?.capture) throw new Error(`fake paypal: order ${orderId} is not captured`);
    return webhook(
      'PAYMENT.CAPTURE.COMPLETED',
      'capture',
      { ...o.capture, amount: amountOf(o, tweaks) },
      tweaks.badSignature,
    );
  };

  const pay = async (orderId: string, tweaks: NotificationTweaks = {}): Promise<FakeNotification> => {
    const o = orders.get(orderId);
    if (!o) throw new Error(`fake paypal: no order ${orderId}`);
    const outcome = tweaks.outcome ?? 'paid';
    if (outcome !== 'paid') {
      const status = outcome === 'failed' ? 'DENIED' : 'PENDING';
      const now = new Date().toISOString();
      return webhook(
        `PAYMENT.CAPTURE.${status}`,
        'capture',
        {
          id: randomId('', 17).toUpperCase(),
          status,
          amount: amountOf(o, tweaks),
          custom_id: o.purchase_units[0]!.custom_id,
          create_time: now,
          update_time: now,
          supplementary_data: { related_ids: { order_id: o.id } },
        },
        tweaks.badSignature,
      );
    }
    // The buyer's approval; an order already captured stays COMPLETED (pay() then crafts a replay of the approval).
    if (o.status === 'PAYER_ACTION_REQUIRED') o.status = 'APPROVED';
    const resource = orderJson({ ...o, status: 'APPROVED', capture: undefined });
    resource.purchase_units[0]!.amount = amountOf(o, tweaks);
    return webhook('CHECKOUT.ORDER.APPROVED', 'checkout-order', resource, tweaks.badSignature);
  };

  /** A webhook PayPal sends on its own (after a capture): delivered, or held with the others. */
  const send = (n: FakeNotification) => {
    sentByFake.push(n);
    void notifications.send(n).catch(() => undefined);
  };

  const bearer = (req: FakeRequest) => tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''));

  const handler = async (req: FakeRequest, res: ServerResponse) => {
    const path = req.url.pathname;
    if (path === '/checkoutnow' || path === '/checkoutnow/pay') {
      const o = orders.get(req.url.searchParams.get('token') ?? '');
      if (!o) return json(res, 404, { name: 'RESOURCE_NOT_FOUND' });
      if (req.method === 'GET')
        return checkoutPage(res, {
          title: 'PayPal',
          amount: o.purchase_units[0]!.amount.value,
          currency: o.purchase_units[0]!.amount.currency_code,
          payAction: `${baseUrl}/checkoutnow/pay?token=${o.id}`,
          returnUrl: o.cancel_url,
        });
      const n = await pay(o.id);
      await notifications.send(n).catch(() => undefined);
      const back = new URL(o.return_url);
      back.searchParams.set('token', o.id);
      back.searchParams.set('PayerID', 'FAKEPAYER1');
      res.writeHead(303, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const basic = Buffer.from(`${credentials.client_id}:${credentials.client_secret}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}`)
        return json(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      if (new URLSearchParams(req.body.toString('utf8')).get('grant_type') !== 'client_credentials')
        return json(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      const token = randomId('A21AA', 40);
      tokens.add(token);
      return json(res, 200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-FAKE',
        expires_in: 32400,
        nonce: randomId('', 20),
      });
    }
    if (!bearer(req))
      return json(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const body = JSON.parse(req.body.toString('utf8')) as {
        intent?: string;
        purchase_units?: PaypalOrder['purchase_units'];
        payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
      };
      const unit = body.purchase_units?.[0];
      const context = body.payment_source?.paypal?.experience_context;
      if (
        body.intent !== 'CAPTURE' ||
        !unit?.amount?.currency_code ||
        !/^\d+(\.\d{1,2})?$/.test(unit.amount.value ?? '')
      )
        return error(res, 422, 'UNPROCESSABLE_ENTITY', 'INVALID_PARAMETER_VALUE', 'intent or amount is invalid');
      if (['HUF', 'JPY', 'TWD'].includes(unit.amount.currency_code) && unit.amount.value.includes('.'))
        return error(res, 422, 'UNPROCESSABLE_ENTITY', 'DECIMALS_NOT_SUPPORTED', 'Currency does not support decimals.');
      if (!context?.return_url || !context.cancel_url)
        return error(res, 422, 'UNPROCESSABLE_ENTITY', 'MISSING_REQUIRED_PARAMETER', 'return_url is required');
      const o: PaypalOrder = {
        id: randomId('', 17).toUpperCase(),
        intent: 'CAPTURE',
        status: 'PAYER_ACTION_REQUIRED',
        purchase_units: [unit],
        return_url: context.return_url,
        cancel_url: context.cancel_url,
        create_time: new Date().toISOString(),
      };
      orders.set(o.id, o);
      // Prefer: return=minimal gives id, status and links only.
      const minimal = (req.headers.prefer ?? '').includes('return=minimal');
      const full = orderJson(o);
      return json(res, 200, minimal ? { id: full.id, status: full.status, links: full.links } : full);
    }
    const one = /^\/v2\/checkout\/orders\/(\w+)(\/capture)?$/.exec(path);
    if (one) {
      const o = orders.get(one[1]!);
      if (!o)
        return error(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      if (req.method === 'GET' && !one[2]) return json(res, 200, orderJson(o));
      if (req.method === 'POST' && one[2]) {
        const requestId = req.headers['paypal-request-id'];
        if (o.capture) {
          if (requestId && requestId === o.capture_request_id) return json(res, 201, orderJson(o));
          return error(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
        }
        if (o.status !== 'APPROVED')
          return error(
            res,
            422,
            'UNPROCESSABLE_ENTITY',
            'ORDER_NOT_APPROVED',
            'Payer has not yet approved the Order for payment.',
          );
        const now = new Date().toISOString();
        o.status = 'COMPLETED';
        o.capture_request_id = requestId;
        o.capture = {
          id: randomId('', 17).toUpperCase(),
          status: 'COMPLETED',
          amount: o.purchase_units[0]!.amount,
          final_capture: true,
          custom_id: o.purchase_units[0]!.custom_id,
          create_time: now,
          update_time: now,
          supplementary_data: { related_ids: { order_id: o.id } },
        };
        json(res, 201, orderJson(o));
        send(captureCompleted(o.id));
        return;
      }
    }
    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const body = JSON.parse(req.body.toString('utf8')) as Record<string, unknown>;
      for (const field of [
        'auth_algo',
        'cert_url',
        'transmission_id',
        'transmission_sig',
        'transmission_time',
        'webhook_id',
      ])
        if (typeof body[field] !== 'string')
          return error(res, 400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER', `${field} is required`);
      // The fake's webhooks are compact JSON, so re-serialising the event gives back the bytes signed.
      const event = JSON.stringify(body.webhook_event);
      const signed = `${String(body.transmission_id)}|${String(body.transmission_time)}|${String(body.webhook_id)}|${crc32(event)}`;
      const ok =
        body.webhook_id === credentials.webhook_id &&
        verify('sha256', Buffer.from(signed), keys.publicKey, Buffer.from(String(body.transmission_sig), 'base64'));
      return json(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    return error(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'The requested resource was not found.');
  };

  const server = await startFakeServer(handler, { port: opts.port });
  baseUrl = server.baseUrl;
  const toCheckout = (o: PaypalOrder): FakeCheckout => ({
    id: o.id,
    invoiceId: o.purchase_units[0]?.custom_id ?? '',
    amount: o.purchase_units[0]!.amount.value,
    currency: o.purchase_units[0]!.amount.currency_code,
    status: o.status,
    returnUrl: o.return_url,
    notifyUrl,
    pageUrl: `${baseUrl}/checkoutnow?token=${o.id}`,
  });
  return {
    provider: 'paypal',
    baseUrl,
    credentials,
    checkouts: () => [...orders.values()].map(toCheckout),
    checkoutFor: (invoiceId) => [...orders.values()].map(toCheckout).findLast((c) => c.invoiceId === invoiceId),
    // Orders v2 cannot cancel or void an order: every order the fake opened stays payable.
    isPayable: (id) => orders.has(id),
    pay,
    deliver: deliverOverHttp,
    holdNotifications: notifications.hold,
    held: notifications.held,
    releaseHeld: notifications.release,
    setNotifyUrl: (url) => {
      notifyUrl = url;
    },
    captureCompleted,
    sent: () => [...sentByFake],
    stop: server.stop,
  };
}
