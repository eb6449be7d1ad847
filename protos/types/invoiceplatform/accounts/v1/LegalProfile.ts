// Original file: protos/invoiceplatform/accounts/v1/accounts.proto

import type { PostalAddress as _invoiceplatform_accounts_v1_PostalAddress, PostalAddress__Output as _invoiceplatform_accounts_v1_PostalAddress__Output } from '../../../invoiceplatform/accounts/v1/PostalAddress.ts';
import type { ElectronicAddress as _invoiceplatform_accounts_v1_ElectronicAddress, ElectronicAddress__Output as _invoiceplatform_accounts_v1_ElectronicAddress__Output } from '../../../invoiceplatform/accounts/v1/ElectronicAddress.ts';
import type { LegalContact as _invoiceplatform_accounts_v1_LegalContact, LegalContact__Output as _invoiceplatform_accounts_v1_LegalContact__Output } from '../../../invoiceplatform/accounts/v1/LegalContact.ts';

export interface LegalProfile {
  'legal_name'?: (string);
  'trading_name'?: (string);
  'vat_id'?: (string);
  'tax_registration_id'?: (string);
  'address'?: (_invoiceplatform_accounts_v1_PostalAddress | null);
  'electronic_address'?: (_invoiceplatform_accounts_v1_ElectronicAddress | null);
  'contact'?: (_invoiceplatform_accounts_v1_LegalContact | null);
  'e_invoice_payment_link'?: (boolean);
  '_trading_name'?: "trading_name";
  '_vat_id'?: "vat_id";
  '_tax_registration_id'?: "tax_registration_id";
  '_e_invoice_payment_link'?: "e_invoice_payment_link";
}

export interface LegalProfile__Output {
  'legal_name': (string);
  'trading_name'?: (string);
  'vat_id'?: (string);
  'tax_registration_id'?: (string);
  'address': (_invoiceplatform_accounts_v1_PostalAddress__Output | null);
  'electronic_address': (_invoiceplatform_accounts_v1_ElectronicAddress__Output | null);
  'contact': (_invoiceplatform_accounts_v1_LegalContact__Output | null);
  'e_invoice_payment_link'?: (boolean);
  '_trading_name'?: "trading_name";
  '_vat_id'?: "vat_id";
  '_tax_registration_id'?: "tax_registration_id";
  '_e_invoice_payment_link'?: "e_invoice_payment_link";
}
