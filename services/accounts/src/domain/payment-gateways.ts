import { AppError, type FieldError } from '@invoice-platform/common/errors';
import {
  isPaymentProvider,
  type PaymentMode,
  paymentModes,
  type PaymentProvider,
  paymentProviders,
  providerSpecs,
} from '@invoice-platform/common/payment-providers';

/**
 * The rules of a payment gateway connection: which credential fields a provider needs
 * (common/payment-providers.ts) and which invoice currencies it can take. Pure: the use cases
 * call these before anything is stored or looked up.
 */

/** A connection as lists show it: which credential fields are set, never their values. */
export interface PaymentGateway {
  id: string;
  workspace_id: string;
  provider: string;
  /** sandbox | live. */
  mode: string;
  credential_fields: string[];
  connected_at: Date;
  updated_at: Date;
}

/** A connection's credentials opened, for the payment service only. */
export interface GatewayCredentials {
  provider: string;
  mode: string;
  credentials: Record<string, string>;
}

/** Far above any provider's key or token; only bounds what a request can make us store. */
export const maxCredentialLength = 4096;

/** A field name we repeat in an error; anything else (a pasted secret, say) is not echoed back. */
const echoableName = /^[A-Za-z0-9_.-]{1,64}$/;

export interface GatewayConnection {
  provider: PaymentProvider;
  /** Always named: no default, so test credentials never make a connection by omission. */
  mode: PaymentMode;
  /** Trimmed values in the provider's field order. */
  credentials: Record<string, string>;
}

export function providerError(provider: string): FieldError | undefined {
  return isPaymentProvider(provider)
    ? undefined
    : { path: 'provider', message: `must be one of: ${paymentProviders.join(', ')}` };
}

function isPaymentMode(mode: string): mode is PaymentMode {
  return (paymentModes as readonly string[]).includes(mode);
}

/**
 * Checks a connect request and returns the connection to store, or throws one ValidationError
 * naming every missing, empty, overlong or unknown credential field (never a value).
 */
export function validateConnection(req: {
  provider: string;
  mode?: string;
  credentials?: Record<string, string>;
}): GatewayConnection {
  const refusal = providerError(req.provider);
  const errors: FieldError[] = refusal ? [refusal] : [];
  // No default: a connection made without naming its mode would take sandbox (free) payments
  // unnoticed, or send test credentials to the live hosts (docs/payments.md "Test mode").
  if (req.mode === undefined || req.mode === '')
    errors.push({ path: 'mode', message: `is required: ${paymentModes.join(' or ')}` });
  else if (!isPaymentMode(req.mode))
    errors.push({ path: 'mode', message: `must be one of: ${paymentModes.join(', ')}` });
  if (!isPaymentProvider(req.provider)) throw AppError.validation(errors);

  const spec = providerSpecs[req.provider];
  const given = req.credentials ?? {};
  const expected = spec.credentials.map((f) => f.name);
  const credentials: Record<string, string> = {};
  for (const field of spec.credentials) {
    const path = `credentials.${field.name}`;
    if (!Object.hasOwn(given, field.name)) {
      if (field.required) errors.push({ path, message: `is required (the ${spec.title} ${field.label})` });
      continue;
    }
    const value = String(given[field.name]).trim();
    if (value === '') errors.push({ path, message: 'must not be empty' });
    else if (value.length > maxCredentialLength)
      errors.push({ path, message: `must be at most ${maxCredentialLength} characters` });
    else credentials[field.name] = value;
  }
  const unknown = Object.keys(given)
    .filter((name) => !expected.includes(name))
    .sort();
  for (const name of unknown) {
    const message = `is not a ${spec.title} credential; its fields are: ${expected.join(', ')}`;
    errors.push(echoableName.test(name) ? { path: `credentials.${name}`, message } : { path: 'credentials', message });
  }
  if (errors.length > 0) throw AppError.validation(errors, `The ${spec.title} connection has invalid fields.`);
  return { provider: req.provider, mode: req.mode as PaymentMode, credentials };
}

/**
 * Why a connection in `mode` is refused in this workspace, or undefined: under NODE_ENV=production
 * a sandbox connection only in a workspace the operator marked a test workspace, since anyone can
 * pay through a provider's sandbox for free (docs/payments.md "Test mode").
 */
export function sandboxRefusal(
  mode: PaymentMode,
  setting: { production: boolean; testWorkspace: boolean },
): string | undefined {
  if (mode !== 'sandbox' || !setting.production || setting.testWorkspace) return undefined;
  return 'mode sandbox is refused: this workspace is not a test workspace. Connect with mode live, or have the operator mark the workspace a test workspace.';
}

/**
 * Why `provider` cannot take an invoice in `currency`, in words for the client
 * ("midtrans takes only IDR; this invoice is in USD"); undefined when it can.
 */
export function currencyRefusal(provider: PaymentProvider, currency: string): string | undefined {
  const code = currency.toUpperCase();
  const accepted = providerSpecs[provider].currencies;
  if (accepted.includes(code)) return undefined;
  const list = accepted.length === 1 ? accepted[0] : `${accepted.slice(0, -1).join(', ')} or ${accepted.at(-1)}`;
  return `${provider} takes only ${list}; this invoice is in ${code}`;
}
