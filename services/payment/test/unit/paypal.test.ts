/**
 * PayPal's notification side without any I/O: the order and capture events read by their schema,
 * the order each is about, and the local checks before PayPal's verify API is called (confirm, with
 * I/O, is covered by the integration tests).
 */
import test from 'ava';
import { PaypalAdapter } from '../../src/adapters/paypal.ts';
import type { Connection, RawNotification } from '../../src/domain/adapter.ts';
import { jsonParseTests, notification, notParsed, withField } from './notification-cases.ts';

const adapter = new PaypalAdapter({ baseUrl: 'http://127.0.0.1:1' });
const conn: Connection = {
  mode: 'sandbox',
  credentials: { client_id: 'client', client_secret: 'secret', webhook_id: '8PT597110X687430LKGECATA' },
};
const orderId = '5O190127TN364715T';
const captureId = '3C679366HH908993F';

/** CHECKOUT.ORDER.APPROVED as PayPal sends it (the fields the adapter reads and a few it does not). */
const approved = {
  id: 'WH-58D329510W468432D-8HN650336L201105X',
  create_time: '2026-11-23T08:15:03.404Z',
  resource_type: 'checkout-order',
  event_type: 'CHECKOUT.ORDER.APPROVED',
  summary: 'An order has been approved by buyer',
  resource: {
    id: orderId,
    status: 'APPROVED',
    intent: 'CAPTURE',
    create_time: '2026-11-23T08:14:00Z',
    purchase_units: [{ reference_id: 'inv_1', custom_id: 'inv_1', amount: { currency_code: 'EUR', value: '124.50' } }],
    links: [{ href: `https://api-m.sandbox.paypal.com/v2/checkout/orders/${orderId}`, rel: 'self', method: 'GET' }],
  },
};

/** PAYMENT.CAPTURE.COMPLETED: the resource is the capture; its order is in supplementary_data. */
const captured = {
  id: 'WH-2WR32451HC0233532-67976317FL4543714',
  create_time: '2026-11-23T08:16:03.404Z',
  resource_type: 'capture',
  event_type: 'PAYMENT.CAPTURE.COMPLETED',
  resource: {
    id: captureId,
    status: 'COMPLETED',
    custom_id: 'inv_1',
    amount: { currency_code: 'EUR', value: '124.50' },
    final_capture: true,
    create_time: '2026-11-23T08:16:00Z',
    update_time: '2026-11-23T08:16:01Z',
    supplementary_data: { related_ids: { order_id: orderId } },
  },
};

const signatureHeaders: Record<string, string> = {
  'paypal-auth-algo': 'SHA256withRSA',
  'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
  'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
  'paypal-transmission-sig':
    'lmI95Jx3Y9nhR5SJWlHVIWpg4AgFk7n9bCHSRxbrd8A9zrhdu2rMyFrmz+Zjh3s3boXB07VXCXUZy/UFzUlnGJn0wDugt7FlSvdKeIJenLRemUxYCPVoEZzg9VFNqOa48gMkvF+XTpxBeUx/kWy6B5cp7GkT2+pOowfRK7OaynuxUoKW3JcMWw272VKjLTtTAShncla7tGF+55rxyt2KNZIIqxNMJ48RDZheGU5w1npu9dZHnPgTXB9iomeVRoD8O/jhRpnKsGrDschyNdkeh81BJJMH4Ctc6lnCCquoP/GzCzz33MMsNdid7vL/NIWaCsekQpW26FpWPi/tfj8nLA==',
  'paypal-transmission-time': '2026-11-23T08:16:03Z',
};
const rawWith = (event: unknown, headers: Record<string, string> = signatureHeaders): RawNotification =>
  notification(JSON.stringify(event), { 'content-type': 'application/json', ...headers });

const paypalIdField = (path: (string | number)[], genuine: string, checkoutId = false) => ({
  path,
  genuine,
  checkoutId,
  overLong: 'A'.repeat(65),
  wrongForm: ['', genuine.toLowerCase(), 'ORDER-1', `${genuine}\n`, `${genuine} `],
});
const eventIdField = (genuine: string) => ({
  path: ['id'],
  genuine,
  overLong: `WH-${'A'.repeat(98)}`,
  wrongForm: ['', 'wh-1', 'WH_1', `${genuine}\n`, orderId],
});

jsonParseTests({
  label: 'parse (approval)',
  adapter,
  genuine: approved,
  expected: { providerCheckoutId: orderId, kind: 'CHECKOUT.ORDER.APPROVED' },
  fields: [
    paypalIdField(['resource', 'id'], orderId, true),
    eventIdField(approved.id),
    {
      path: ['resource', 'purchase_units', 0, 'custom_id'],
      genuine: 'inv_1',
      overLong: 'x'.repeat(128),
      wrongForm: [],
    },
    {
      path: ['event_type'],
      genuine: approved.event_type,
      overLong: `CHECKOUT.ORDER.${'A'.repeat(86)}`,
      wrongForm: ['', 'checkout.order.approved'],
    },
  ],
});

jsonParseTests({
  label: 'parse (capture)',
  adapter,
  genuine: captured,
  expected: { providerCheckoutId: orderId, kind: 'PAYMENT.CAPTURE.COMPLETED' },
  fields: [
    paypalIdField(['resource', 'supplementary_data', 'related_ids', 'order_id'], orderId, true),
    paypalIdField(['resource', 'id'], captureId),
    eventIdField(captured.id),
    { path: ['resource', 'custom_id'], genuine: 'inv_1', overLong: 'x'.repeat(128), wrongForm: [] },
  ],
});

test('parse: an order event is about resource.id, a capture event about its related order', (t) => {
  t.deepEqual(adapter.parse(rawWith(approved)), {
    providerCheckoutId: orderId,
    kind: 'CHECKOUT.ORDER.APPROVED',
    data: approved,
  });
  t.like(adapter.parse(rawWith(captured)), { providerCheckoutId: orderId, kind: 'PAYMENT.CAPTURE.COMPLETED' });
  // Never the capture id: a capture is found by the order it took.
  t.not(adapter.parse(rawWith(captured))?.providerCheckoutId, captureId);
  const declined = { ...captured, event_type: 'PAYMENT.CAPTURE.DECLINED' };
  t.like(adapter.parse(rawWith(declined)), { providerCheckoutId: orderId, kind: 'PAYMENT.CAPTURE.DECLINED' });
});

test('parse: a capture event without its related order id is none', (t) => {
  const cases: [string, unknown][] = [
    ['no order_id', withField(captured, ['resource', 'supplementary_data', 'related_ids', 'order_id'], undefined)],
    ['no related_ids', withField(captured, ['resource', 'supplementary_data', 'related_ids'], undefined)],
    ['no supplementary_data', withField(captured, ['resource', 'supplementary_data'], undefined)],
  ];
  for (const [name, event] of cases) notParsed(t, adapter, rawWith(event), name);
  // An order event names its order itself, with or without supplementary_data.
  t.truthy(adapter.parse(rawWith(withField(approved, ['resource', 'supplementary_data'], {}))));
});

test('parse: amounts of the wrong shape are none', (t) => {
  const cases: [string, unknown][] = [
    ['a capture amount as a number', withField(captured, ['resource', 'amount', 'value'], 124.5)],
    ['a capture amount with a comma', withField(captured, ['resource', 'amount', 'value'], '124,50')],
    [
      'an approval currency of 4 letters',
      withField(approved, ['resource', 'purchase_units', 0, 'amount'], { currency_code: 'EURO', value: '1' }),
    ],
    ['eleven purchase units', withField(approved, ['resource', 'purchase_units'], Array(11).fill({ custom_id: 'x' }))],
  ];
  for (const [name, event] of cases) notParsed(t, adapter, rawWith(event), name);
});

test('authenticate: the five PAYPAL-* headers present and bounded pass (PayPal verifies them in confirm)', (t) => {
  t.true(adapter.confirmCallsProvider);
  for (const event of [approved, captured]) {
    const n = rawWith(event);
    t.is(adapter.authenticate(conn, adapter.parse(n)!, n), undefined, event.event_type);
  }
  const atBound = { ...signatureHeaders, 'paypal-cert-url': `https://api.paypal.com/${'c'.repeat(2048 - 23)}` };
  t.is(atBound['paypal-cert-url'].length, 2048);
  const n = rawWith(approved, atBound);
  t.is(adapter.authenticate(conn, adapter.parse(n)!, n), undefined, 'a header of 2048 characters');
});

test('authenticate: a missing, empty or oversized signature header, or no webhook id, is refused', (t) => {
  const cases: [string, Connection, Record<string, string>, string][] = [];
  for (const header of Object.keys(signatureHeaders)) {
    const without = Object.fromEntries(Object.entries(signatureHeaders).filter(([name]) => name !== header));
    cases.push([`no ${header}`, conn, without, `no ${header} header`]);
    cases.push([`an empty ${header}`, conn, { ...signatureHeaders, [header]: '' }, `no ${header} header`]);
    cases.push([
      `${header} of 2049 characters`,
      conn,
      { ...signatureHeaders, [header]: 'x'.repeat(2049) },
      `the ${header} header is too long`,
    ]);
  }
  cases.push(['no header at all', conn, {}, 'no paypal-auth-algo header']);
  const withoutWebhookId: Record<string, string>[] = [
    { client_id: 'client', client_secret: 'secret' },
    { ...conn.credentials, webhook_id: '' },
  ];
  for (const credentials of withoutWebhookId)
    cases.push([
      'a connection without a webhook id',
      { mode: 'sandbox', credentials },
      signatureHeaders,
      'the connection has no webhook id',
    ]);
  for (const [name, c, headers, reason] of cases) {
    const n = rawWith(captured, headers);
    t.is(adapter.authenticate(c, adapter.parse(n)!, n), reason, name);
  }
});
