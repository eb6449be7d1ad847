import type { TypedClient } from '@invoice-platform/common/grpc/client';
import type { AccountsServiceDefinition } from '@invoice-platform/protos/invoiceplatform/accounts/v1/AccountsService';
import type { PdfServiceDefinition } from '@invoice-platform/protos/invoiceplatform/pdf/v1/PdfService';
import type { RecurringServiceDefinition } from '@invoice-platform/protos/invoiceplatform/recurring/v1/RecurringService';

// The peers the invoice service calls, typed by their generated definitions so a method name or a
// field that is not in the proto does not compile.
export type AccountsClient = TypedClient<AccountsServiceDefinition>;
export type PdfClient = TypedClient<PdfServiceDefinition>;
export type RecurringClient = TypedClient<RecurringServiceDefinition>;
