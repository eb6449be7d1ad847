/**
 * The customer-facing routes outside /api (docs/public-page.md): the public invoice page, its Pay
 * form and the payment providers' notification routes. No API key: the unguessable invoice id is
 * the capability, and providers prove themselves to the payment service by their signatures. Only
 * the OpenAPI document reads this list; the routes are in http/public/routes.ts.
 */
import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import { paymentProviders } from '@invoice-platform/common/payment-providers';
import { ResourceId, StringEnum, use } from './common.ts';

/** Headers of the page responses, described in the OpenAPI components. */
export type PageHeader =
  | 'Content-Security-Policy'
  | 'Referrer-Policy'
  | 'X-Content-Type-Options'
  | 'X-Robots-Tag'
  | 'Cache-Control'
  | 'Location'
  | 'Retry-After'
  | 'X-RateLimit-Limit'
  | 'X-RateLimit-Remaining';

export interface PageResponse {
  description: string;
  /** text/html: the page, or its not found / rate limit / unavailable variant. */
  html?: boolean;
  /** application/json: the error envelope (docs/architecture.md#errors). */
  error?: boolean;
  /** Any other body, with its media type. */
  body?: { contentType: string; schema: TSchema };
  headers?: PageHeader[];
}

export interface PageRouteSpec {
  operationId: string;
  method: 'get' | 'post';
  /** koa-router style. */
  path: string;
  summary: string;
  description: string;
  tag: 'Public invoice page' | 'Payment notifications';
  params: TObject;
  /** `content`: each media type the route is documented to take, with its schema. */
  requestBody?: { description: string; required: boolean; content: Record<string, TSchema> };
  responses: Record<number, PageResponse>;
}

export const HtmlPage = Type.String({
  title: 'HtmlPage',
  description: 'A server-rendered HTML page without script, in the language of the invoice.',
});

const pageHeaders: PageHeader[] = [
  'Content-Security-Policy',
  'Referrer-Policy',
  'X-Content-Type-Options',
  'X-Robots-Tag',
  'Cache-Control',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
];

const InvoicePageParams = Type.Object(
  { id: use(ResourceId, { description: 'The invoice id (the `id` of the generate response).' }) },
  { additionalProperties: false },
);

const ProviderParams = Type.Object(
  {
    provider: StringEnum(paymentProviders, {
      description: 'The payment provider sending the notification; any other name is 404.',
    }),
  },
  { additionalProperties: false },
);

const notFoundPage: PageResponse = {
  description: 'No invoice has this id: an HTML page saying so, in the language the browser prefers.',
  html: true,
  headers: pageHeaders,
};
const rateLimitedPage: PageResponse = {
  description: 'Too many requests from this IP address (the limit of the API, RATE_LIMIT_PER_IP).',
  html: true,
  headers: [...pageHeaders, 'Retry-After'],
};
const unavailablePage: PageResponse = {
  description: 'A service behind the page is unavailable. Retry shortly.',
  html: true,
  headers: pageHeaders,
};

/**
 * What the payment service answers a provider, relayed as is: each provider's own shape (JSON for
 * most, empty or plain text for some), so the document can promise no type.
 */
const relayedBody = Type.Unknown({ description: 'The body the provider expects, in its media type.' });

const notification: Omit<PageRouteSpec, 'operationId' | 'method' | 'summary'> = {
  path: '/p/pay/:provider/notify',
  description:
    "The provider's notification (webhook) URL to configure on the provider's side. The body is passed " +
    'unparsed, as bytes, with the headers and query, to the payment service, which verifies it the way the ' +
    'provider documents and answers what the provider expects; that answer is relayed as is. A verified ' +
    'notification of a completed payment marks the invoice paid once; a repeated one changes nothing.',
  tag: 'Payment notifications',
  params: ProviderParams,
  responses: {
    200: {
      description: "The payment service's answer for the provider (other statuses are relayed the same way).",
      body: { contentType: '*/*', schema: relayedBody },
    },
    400: {
      description:
        'The body is larger than BODY_LIMIT_BYTES (the error envelope), or the payment service refused the ' +
        'notification and answers it the way the provider expects (Stripe, PayPal): relayed as is.',
      body: { contentType: '*/*', schema: relayedBody },
    },
    404: { description: 'Not one of the six providers.', error: true },
    429: {
      description: 'Too many notifications from this IP address (RATE_LIMIT_NOTIFY_PER_IP).',
      error: true,
      headers: ['Retry-After'],
    },
    503: { description: 'The payment service is unavailable; the provider retries later.', error: true },
  },
};

export const pageRoutes: PageRouteSpec[] = [
  {
    operationId: 'getPublicInvoicePage',
    method: 'get',
    path: '/p/invoice/:id',
    summary: 'The public invoice page',
    description:
      "The invoice as its customer sees it, in its document_language (right to left for ar): the workspace's " +
      'name, number and dates, the customer, the lines and totals, the status (paid, cancelled and archived ' +
      'invoices say so), a download of the same file as pdf_url, and, when a payment_gateway is set and the ' +
      'invoice is unpaid or overdue, a Pay button. No API key. The page loads nothing else and runs no script.',
    tag: 'Public invoice page',
    params: InvoicePageParams,
    responses: {
      200: { description: 'The invoice page.', html: true, headers: pageHeaders },
      404: notFoundPage,
      429: rateLimitedPage,
      503: unavailablePage,
    },
  },
  {
    operationId: 'getPublicInvoicePdf',
    method: 'get',
    path: '/p/invoice/:id/pdf',
    summary: "The invoice's PDF",
    description:
      "The file at the invoice's pdf_url, as it is now (its marking follows the status: PAID once paid), shown inline " +
      'with its download name. No API key: the invoice id is the capability. The same headers as the page, with a ' +
      'policy that lets nothing load. An unknown id, and an invoice whose PDF is not rendered yet, are 404.',
    tag: 'Public invoice page',
    params: InvoicePageParams,
    responses: {
      200: {
        description: 'The PDF file.',
        body: { contentType: 'application/pdf', schema: Type.String({ format: 'binary', description: 'A PDF file.' }) },
        headers: pageHeaders,
      },
      404: {
        description: 'No invoice has this id, or its PDF is not rendered yet.',
        error: true,
        headers: pageHeaders,
      },
      429: {
        description: 'Too many requests from this IP address (the limit of the API, RATE_LIMIT_PER_IP).',
        error: true,
        headers: [...pageHeaders, 'Retry-After'],
      },
      503: {
        description: 'The invoice or pdf service is unavailable. Retry shortly.',
        error: true,
        headers: pageHeaders,
      },
    },
  },
  {
    operationId: 'getPublicInvoiceEInvoice',
    method: 'get',
    path: '/p/invoice/:id/e-invoice',
    summary: "The invoice's e-invoice XML",
    description:
      'The EN 16931 XML of an invoice generated with e_invoice (docs/e-invoicing.md), as a download: the same ' +
      'document as GET /api/invoices/external/{id}/e-invoice. No API key: the invoice id is the capability. An ' +
      'unknown id, and an invoice without an e-invoice, are 404.',
    tag: 'Public invoice page',
    params: InvoicePageParams,
    responses: {
      200: {
        description: 'The XML file.',
        body: { contentType: 'application/xml', schema: Type.String({ description: 'The XML document (UTF-8).' }) },
        headers: pageHeaders,
      },
      404: {
        description: 'No invoice has this id, or it has no e-invoice.',
        error: true,
        headers: pageHeaders,
      },
      429: {
        description: 'Too many requests from this IP address (the limit of the API, RATE_LIMIT_PER_IP).',
        error: true,
        headers: [...pageHeaders, 'Retry-After'],
      },
      503: {
        description: 'The invoice service is unavailable. Retry shortly.',
        error: true,
        headers: pageHeaders,
      },
    },
  },
  {
    operationId: 'getPublicCreditNotePdf',
    method: 'get',
    path: '/p/credit-note/:id/pdf',
    summary: "A credit note's PDF",
    description:
      "The file at the credit note's pdf_url (docs/money-trail.md), shown inline with its download name. No API " +
      'key: the credit note id is the capability, as the invoice id is for its PDF. The same headers as the page, ' +
      'with a policy that lets nothing load. An unknown id, and a note whose PDF is not rendered yet, are the same 404.',
    tag: 'Public invoice page',
    params: Type.Object(
      { id: use(ResourceId, { description: 'The credit note id (the `id` of the CreditNote, cn_…).' }) },
      { additionalProperties: false },
    ),
    responses: {
      200: {
        description: 'The PDF file.',
        body: { contentType: 'application/pdf', schema: Type.String({ format: 'binary', description: 'A PDF file.' }) },
        headers: pageHeaders,
      },
      404: {
        description: 'No credit note has this id, or its PDF is not rendered yet.',
        error: true,
        headers: pageHeaders,
      },
      429: {
        description: 'Too many requests from this IP address (the limit of the API, RATE_LIMIT_PER_IP).',
        error: true,
        headers: [...pageHeaders, 'Retry-After'],
      },
      503: {
        description: 'The invoice or pdf service is unavailable. Retry shortly.',
        error: true,
        headers: pageHeaders,
      },
    },
  },
  {
    operationId: 'payPublicInvoice',
    method: 'post',
    path: '/p/invoice/:id/pay',
    summary: 'Pay the invoice online',
    description:
      "The page's Pay form. Opens (or reuses) a checkout with the invoice's payment_gateway and sends the " +
      'browser there with 303 See Other; the provider sends the customer back to the public page. A form post ' +
      'with no fields: any body is ignored.',
    tag: 'Public invoice page',
    params: InvoicePageParams,
    responses: {
      303: { description: "To the provider's checkout page.", headers: [...pageHeaders, 'Location'] },
      404: notFoundPage,
      409: {
        description:
          'The invoice cannot be paid online now (no payment_gateway, not unpaid or overdue, or the gateway was ' +
          'disconnected): the page again, saying so.',
        html: true,
        headers: pageHeaders,
      },
      429: rateLimitedPage,
      503: {
        description: 'The payment service or the provider is unavailable: the page again, saying so.',
        html: true,
        headers: pageHeaders,
      },
    },
  },
  {
    ...notification,
    operationId: 'receivePaymentNotification',
    method: 'post',
    summary: "Receive a payment provider's notification",
    requestBody: {
      description:
        'The notification exactly as the provider sends it: JSON (Stripe, PayPal, Xendit, Razorpay, Midtrans) or ' +
        'form fields (Mollie). The route passes any body on unparsed; these are the media types providers send, ' +
        'named so that client generators keep the operation.',
      required: false,
      content: {
        'application/json': Type.Object({}, { description: "The provider's JSON event object, as it documents it." }),
        'application/x-www-form-urlencoded': Type.Object(
          {},
          { additionalProperties: Type.String(), description: "The provider's form fields (Mollie: id)." },
        ),
      },
    },
  },
  {
    ...notification,
    operationId: 'receivePaymentNotificationByGet',
    method: 'get',
    summary: "Receive a payment provider's notification sent as GET",
    description: 'The same as the POST route, with an empty body, for a provider that notifies by GET.',
  },
];
