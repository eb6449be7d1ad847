import type { TypedClient } from '@invoice-platform/common/grpc/client';
import type { AccountsServiceDefinition } from '@invoice-platform/protos/invoiceplatform/accounts/v1/AccountsService';

// The peer the webhook service calls, typed by its generated definition so a method name or a
// field that is not in the proto does not compile: accounts, for a workspace's plan and owner.
export type AccountsClient = TypedClient<AccountsServiceDefinition>;
