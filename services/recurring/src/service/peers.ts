import type { TypedClient } from '@invoice-platform/common/grpc/client';
import type { AccountsServiceDefinition } from '@invoice-platform/protos/invoiceplatform/accounts/v1/AccountsService';
import type { InvoiceServiceDefinition } from '@invoice-platform/protos/invoiceplatform/invoice/v1/InvoiceService';
import type { PdfServiceDefinition } from '@invoice-platform/protos/invoiceplatform/pdf/v1/PdfService';

// The peers the recurring service calls, typed by their generated definitions so a method name or
// a field that is not in the proto does not compile: accounts (the plan, the seller's name),
// invoice (the first invoice, each follow-up generated) and pdf (the follow-up's file to attach).
export type AccountsClient = TypedClient<AccountsServiceDefinition>;
export type InvoiceClient = TypedClient<InvoiceServiceDefinition>;
export type PdfClient = TypedClient<PdfServiceDefinition>;
