import type { TypedClient } from '@invoice-platform/common/grpc/client';
import type { InvoiceServiceDefinition } from '@invoice-platform/protos/invoiceplatform/invoice/v1/InvoiceService';

// The peer the pdf service calls, typed by its generated definition so a method name or a field
// that is not in the proto does not compile: the invoice service, for a re-render's input and result.
export type InvoiceClient = TypedClient<InvoiceServiceDefinition>;
