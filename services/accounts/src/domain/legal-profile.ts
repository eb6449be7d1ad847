import { ElectronicAddress, LegalProfile, PostalAddress } from '@invoice-platform/common/contracts/e-invoice';
import type { FieldError } from '@invoice-platform/common/errors';
import { FormatRegistry } from '@sinclair/typebox';
import { Value, type ValueError, ValueErrorType } from '@sinclair/typebox/value';

export type { LegalProfile };

// TypeBox knows no formats of its own. The gateway has already checked the address strictly
// (ajv-formats); this shape check only keeps out what is plainly not an address.
if (!FormatRegistry.Has('email')) FormatRegistry.Set('email', (value) => /^[^\s@]+@[^\s@]+$/.test(value));

/** What each pattern of the schema means, in the gateway's words (its http/schemas/common.ts). */
const patternMessages: Readonly<Record<string, string>> = {
  [PostalAddress.properties.country.pattern!]: 'must be an ISO 3166-1 alpha-2 country code in upper case, e.g. DE',
  [ElectronicAddress.properties.scheme.pattern!]:
    'must be an EAS scheme code: 2 to 4 digits or upper-case letters, e.g. 9930 or EM',
  [LegalProfile.properties.vat_id.pattern!]:
    'must be a VAT identifier with its 2-letter country prefix in upper case, e.g. DE123456789',
};

function message(error: ValueError): string {
  const schema = error.schema as { maxLength?: number; pattern?: string };
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return 'is required';
    case ValueErrorType.ObjectAdditionalProperties:
      return 'is not allowed';
    case ValueErrorType.Object:
      return 'must be an object';
    case ValueErrorType.String:
      return 'must be a string';
    case ValueErrorType.Boolean:
      return 'must be true or false';
    case ValueErrorType.StringMinLength:
      return 'must not be empty';
    case ValueErrorType.StringMaxLength:
      return `must be at most ${schema.maxLength} characters`;
    case ValueErrorType.StringPattern:
      return patternMessages[schema.pattern!] ?? `must match the pattern ${schema.pattern}`;
    case ValueErrorType.StringFormat:
      return 'must be a valid email address';
    default:
      return error.message;
  }
}

/**
 * Every field of `profile` that breaks the LegalProfile schema of the e-invoice contracts, one
 * message per field (a missing one is "is required", not also "must be a string"), with paths
 * under `root` such as body.address.country. Empty when the profile is valid.
 */
export function legalProfileErrors(profile: unknown, root = 'body'): FieldError[] {
  const errors = new Map<string, string>();
  for (const error of Value.Errors(LegalProfile, profile)) {
    const path = root + error.path.replaceAll('/', '.');
    if (!errors.has(path)) errors.set(path, message(error));
  }
  return [...errors].map(([path, text]) => ({ path, message: text }));
}
