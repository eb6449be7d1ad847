// Original file: protos/invoiceplatform/accounts/v1/accounts.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ApiKey as _invoiceplatform_accounts_v1_ApiKey, ApiKey__Output as _invoiceplatform_accounts_v1_ApiKey__Output } from '../../../invoiceplatform/accounts/v1/ApiKey.ts';
import type { AuthenticateApiKeyRequest as _invoiceplatform_accounts_v1_AuthenticateApiKeyRequest, AuthenticateApiKeyRequest__Output as _invoiceplatform_accounts_v1_AuthenticateApiKeyRequest__Output } from '../../../invoiceplatform/accounts/v1/AuthenticateApiKeyRequest.ts';
import type { AuthenticateApiKeyResponse as _invoiceplatform_accounts_v1_AuthenticateApiKeyResponse, AuthenticateApiKeyResponse__Output as _invoiceplatform_accounts_v1_AuthenticateApiKeyResponse__Output } from '../../../invoiceplatform/accounts/v1/AuthenticateApiKeyResponse.ts';
import type { CheckPaymentSetupRequest as _invoiceplatform_accounts_v1_CheckPaymentSetupRequest, CheckPaymentSetupRequest__Output as _invoiceplatform_accounts_v1_CheckPaymentSetupRequest__Output } from '../../../invoiceplatform/accounts/v1/CheckPaymentSetupRequest.ts';
import type { CheckPaymentSetupResponse as _invoiceplatform_accounts_v1_CheckPaymentSetupResponse, CheckPaymentSetupResponse__Output as _invoiceplatform_accounts_v1_CheckPaymentSetupResponse__Output } from '../../../invoiceplatform/accounts/v1/CheckPaymentSetupResponse.ts';
import type { ConnectPaymentGatewayRequest as _invoiceplatform_accounts_v1_ConnectPaymentGatewayRequest, ConnectPaymentGatewayRequest__Output as _invoiceplatform_accounts_v1_ConnectPaymentGatewayRequest__Output } from '../../../invoiceplatform/accounts/v1/ConnectPaymentGatewayRequest.ts';
import type { CreateApiKeyRequest as _invoiceplatform_accounts_v1_CreateApiKeyRequest, CreateApiKeyRequest__Output as _invoiceplatform_accounts_v1_CreateApiKeyRequest__Output } from '../../../invoiceplatform/accounts/v1/CreateApiKeyRequest.ts';
import type { CreateApiKeyResponse as _invoiceplatform_accounts_v1_CreateApiKeyResponse, CreateApiKeyResponse__Output as _invoiceplatform_accounts_v1_CreateApiKeyResponse__Output } from '../../../invoiceplatform/accounts/v1/CreateApiKeyResponse.ts';
import type { CreatePaymentAccountRequest as _invoiceplatform_accounts_v1_CreatePaymentAccountRequest, CreatePaymentAccountRequest__Output as _invoiceplatform_accounts_v1_CreatePaymentAccountRequest__Output } from '../../../invoiceplatform/accounts/v1/CreatePaymentAccountRequest.ts';
import type { CreateWorkspaceRequest as _invoiceplatform_accounts_v1_CreateWorkspaceRequest, CreateWorkspaceRequest__Output as _invoiceplatform_accounts_v1_CreateWorkspaceRequest__Output } from '../../../invoiceplatform/accounts/v1/CreateWorkspaceRequest.ts';
import type { DisconnectPaymentGatewayRequest as _invoiceplatform_accounts_v1_DisconnectPaymentGatewayRequest, DisconnectPaymentGatewayRequest__Output as _invoiceplatform_accounts_v1_DisconnectPaymentGatewayRequest__Output } from '../../../invoiceplatform/accounts/v1/DisconnectPaymentGatewayRequest.ts';
import type { GetPaymentGatewayCredentialsRequest as _invoiceplatform_accounts_v1_GetPaymentGatewayCredentialsRequest, GetPaymentGatewayCredentialsRequest__Output as _invoiceplatform_accounts_v1_GetPaymentGatewayCredentialsRequest__Output } from '../../../invoiceplatform/accounts/v1/GetPaymentGatewayCredentialsRequest.ts';
import type { GetWorkspaceRequest as _invoiceplatform_accounts_v1_GetWorkspaceRequest, GetWorkspaceRequest__Output as _invoiceplatform_accounts_v1_GetWorkspaceRequest__Output } from '../../../invoiceplatform/accounts/v1/GetWorkspaceRequest.ts';
import type { ListApiKeysRequest as _invoiceplatform_accounts_v1_ListApiKeysRequest, ListApiKeysRequest__Output as _invoiceplatform_accounts_v1_ListApiKeysRequest__Output } from '../../../invoiceplatform/accounts/v1/ListApiKeysRequest.ts';
import type { ListApiKeysResponse as _invoiceplatform_accounts_v1_ListApiKeysResponse, ListApiKeysResponse__Output as _invoiceplatform_accounts_v1_ListApiKeysResponse__Output } from '../../../invoiceplatform/accounts/v1/ListApiKeysResponse.ts';
import type { ListPaymentAccountsRequest as _invoiceplatform_accounts_v1_ListPaymentAccountsRequest, ListPaymentAccountsRequest__Output as _invoiceplatform_accounts_v1_ListPaymentAccountsRequest__Output } from '../../../invoiceplatform/accounts/v1/ListPaymentAccountsRequest.ts';
import type { ListPaymentAccountsResponse as _invoiceplatform_accounts_v1_ListPaymentAccountsResponse, ListPaymentAccountsResponse__Output as _invoiceplatform_accounts_v1_ListPaymentAccountsResponse__Output } from '../../../invoiceplatform/accounts/v1/ListPaymentAccountsResponse.ts';
import type { ListPaymentGatewaysRequest as _invoiceplatform_accounts_v1_ListPaymentGatewaysRequest, ListPaymentGatewaysRequest__Output as _invoiceplatform_accounts_v1_ListPaymentGatewaysRequest__Output } from '../../../invoiceplatform/accounts/v1/ListPaymentGatewaysRequest.ts';
import type { ListPaymentGatewaysResponse as _invoiceplatform_accounts_v1_ListPaymentGatewaysResponse, ListPaymentGatewaysResponse__Output as _invoiceplatform_accounts_v1_ListPaymentGatewaysResponse__Output } from '../../../invoiceplatform/accounts/v1/ListPaymentGatewaysResponse.ts';
import type { ListWorkspacesRequest as _invoiceplatform_accounts_v1_ListWorkspacesRequest, ListWorkspacesRequest__Output as _invoiceplatform_accounts_v1_ListWorkspacesRequest__Output } from '../../../invoiceplatform/accounts/v1/ListWorkspacesRequest.ts';
import type { ListWorkspacesResponse as _invoiceplatform_accounts_v1_ListWorkspacesResponse, ListWorkspacesResponse__Output as _invoiceplatform_accounts_v1_ListWorkspacesResponse__Output } from '../../../invoiceplatform/accounts/v1/ListWorkspacesResponse.ts';
import type { PaymentAccount as _invoiceplatform_accounts_v1_PaymentAccount, PaymentAccount__Output as _invoiceplatform_accounts_v1_PaymentAccount__Output } from '../../../invoiceplatform/accounts/v1/PaymentAccount.ts';
import type { PaymentGateway as _invoiceplatform_accounts_v1_PaymentGateway, PaymentGateway__Output as _invoiceplatform_accounts_v1_PaymentGateway__Output } from '../../../invoiceplatform/accounts/v1/PaymentGateway.ts';
import type { PaymentGatewayCredentials as _invoiceplatform_accounts_v1_PaymentGatewayCredentials, PaymentGatewayCredentials__Output as _invoiceplatform_accounts_v1_PaymentGatewayCredentials__Output } from '../../../invoiceplatform/accounts/v1/PaymentGatewayCredentials.ts';
import type { RevokeApiKeyRequest as _invoiceplatform_accounts_v1_RevokeApiKeyRequest, RevokeApiKeyRequest__Output as _invoiceplatform_accounts_v1_RevokeApiKeyRequest__Output } from '../../../invoiceplatform/accounts/v1/RevokeApiKeyRequest.ts';
import type { SetLegalProfileRequest as _invoiceplatform_accounts_v1_SetLegalProfileRequest, SetLegalProfileRequest__Output as _invoiceplatform_accounts_v1_SetLegalProfileRequest__Output } from '../../../invoiceplatform/accounts/v1/SetLegalProfileRequest.ts';
import type { SetWorkspaceFeaturesRequest as _invoiceplatform_accounts_v1_SetWorkspaceFeaturesRequest, SetWorkspaceFeaturesRequest__Output as _invoiceplatform_accounts_v1_SetWorkspaceFeaturesRequest__Output } from '../../../invoiceplatform/accounts/v1/SetWorkspaceFeaturesRequest.ts';
import type { SetWorkspaceRetentionRequest as _invoiceplatform_accounts_v1_SetWorkspaceRetentionRequest, SetWorkspaceRetentionRequest__Output as _invoiceplatform_accounts_v1_SetWorkspaceRetentionRequest__Output } from '../../../invoiceplatform/accounts/v1/SetWorkspaceRetentionRequest.ts';
import type { SetWorkspaceTestModeRequest as _invoiceplatform_accounts_v1_SetWorkspaceTestModeRequest, SetWorkspaceTestModeRequest__Output as _invoiceplatform_accounts_v1_SetWorkspaceTestModeRequest__Output } from '../../../invoiceplatform/accounts/v1/SetWorkspaceTestModeRequest.ts';
import type { UpdateWorkspacePlanRequest as _invoiceplatform_accounts_v1_UpdateWorkspacePlanRequest, UpdateWorkspacePlanRequest__Output as _invoiceplatform_accounts_v1_UpdateWorkspacePlanRequest__Output } from '../../../invoiceplatform/accounts/v1/UpdateWorkspacePlanRequest.ts';
import type { Workspace as _invoiceplatform_accounts_v1_Workspace, Workspace__Output as _invoiceplatform_accounts_v1_Workspace__Output } from '../../../invoiceplatform/accounts/v1/Workspace.ts';

export interface AccountsServiceClient extends grpc.Client {
  AuthenticateApiKey(argument: _invoiceplatform_accounts_v1_AuthenticateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_AuthenticateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  AuthenticateApiKey(argument: _invoiceplatform_accounts_v1_AuthenticateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_AuthenticateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  AuthenticateApiKey(argument: _invoiceplatform_accounts_v1_AuthenticateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_AuthenticateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  AuthenticateApiKey(argument: _invoiceplatform_accounts_v1_AuthenticateApiKeyRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_AuthenticateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  authenticateApiKey(argument: _invoiceplatform_accounts_v1_AuthenticateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_AuthenticateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  authenticateApiKey(argument: _invoiceplatform_accounts_v1_AuthenticateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_AuthenticateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  authenticateApiKey(argument: _invoiceplatform_accounts_v1_AuthenticateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_AuthenticateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  authenticateApiKey(argument: _invoiceplatform_accounts_v1_AuthenticateApiKeyRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_AuthenticateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  
  CheckPaymentSetup(argument: _invoiceplatform_accounts_v1_CheckPaymentSetupRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_CheckPaymentSetupResponse__Output>): grpc.ClientUnaryCall;
  CheckPaymentSetup(argument: _invoiceplatform_accounts_v1_CheckPaymentSetupRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_CheckPaymentSetupResponse__Output>): grpc.ClientUnaryCall;
  CheckPaymentSetup(argument: _invoiceplatform_accounts_v1_CheckPaymentSetupRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_CheckPaymentSetupResponse__Output>): grpc.ClientUnaryCall;
  CheckPaymentSetup(argument: _invoiceplatform_accounts_v1_CheckPaymentSetupRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_CheckPaymentSetupResponse__Output>): grpc.ClientUnaryCall;
  checkPaymentSetup(argument: _invoiceplatform_accounts_v1_CheckPaymentSetupRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_CheckPaymentSetupResponse__Output>): grpc.ClientUnaryCall;
  checkPaymentSetup(argument: _invoiceplatform_accounts_v1_CheckPaymentSetupRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_CheckPaymentSetupResponse__Output>): grpc.ClientUnaryCall;
  checkPaymentSetup(argument: _invoiceplatform_accounts_v1_CheckPaymentSetupRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_CheckPaymentSetupResponse__Output>): grpc.ClientUnaryCall;
  checkPaymentSetup(argument: _invoiceplatform_accounts_v1_CheckPaymentSetupRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_CheckPaymentSetupResponse__Output>): grpc.ClientUnaryCall;
  
  ConnectPaymentGateway(argument: _invoiceplatform_accounts_v1_ConnectPaymentGatewayRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGateway__Output>): grpc.ClientUnaryCall;
  ConnectPaymentGateway(argument: _invoiceplatform_accounts_v1_ConnectPaymentGatewayRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGateway__Output>): grpc.ClientUnaryCall;
  ConnectPaymentGateway(argument: _invoiceplatform_accounts_v1_ConnectPaymentGatewayRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGateway__Output>): grpc.ClientUnaryCall;
  ConnectPaymentGateway(argument: _invoiceplatform_accounts_v1_ConnectPaymentGatewayRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGateway__Output>): grpc.ClientUnaryCall;
  connectPaymentGateway(argument: _invoiceplatform_accounts_v1_ConnectPaymentGatewayRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGateway__Output>): grpc.ClientUnaryCall;
  connectPaymentGateway(argument: _invoiceplatform_accounts_v1_ConnectPaymentGatewayRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGateway__Output>): grpc.ClientUnaryCall;
  connectPaymentGateway(argument: _invoiceplatform_accounts_v1_ConnectPaymentGatewayRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGateway__Output>): grpc.ClientUnaryCall;
  connectPaymentGateway(argument: _invoiceplatform_accounts_v1_ConnectPaymentGatewayRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGateway__Output>): grpc.ClientUnaryCall;
  
  CreateApiKey(argument: _invoiceplatform_accounts_v1_CreateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  CreateApiKey(argument: _invoiceplatform_accounts_v1_CreateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  CreateApiKey(argument: _invoiceplatform_accounts_v1_CreateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  CreateApiKey(argument: _invoiceplatform_accounts_v1_CreateApiKeyRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _invoiceplatform_accounts_v1_CreateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _invoiceplatform_accounts_v1_CreateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _invoiceplatform_accounts_v1_CreateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _invoiceplatform_accounts_v1_CreateApiKeyRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_CreateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  
  CreatePaymentAccount(argument: _invoiceplatform_accounts_v1_CreatePaymentAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentAccount__Output>): grpc.ClientUnaryCall;
  CreatePaymentAccount(argument: _invoiceplatform_accounts_v1_CreatePaymentAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentAccount__Output>): grpc.ClientUnaryCall;
  CreatePaymentAccount(argument: _invoiceplatform_accounts_v1_CreatePaymentAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentAccount__Output>): grpc.ClientUnaryCall;
  CreatePaymentAccount(argument: _invoiceplatform_accounts_v1_CreatePaymentAccountRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentAccount__Output>): grpc.ClientUnaryCall;
  createPaymentAccount(argument: _invoiceplatform_accounts_v1_CreatePaymentAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentAccount__Output>): grpc.ClientUnaryCall;
  createPaymentAccount(argument: _invoiceplatform_accounts_v1_CreatePaymentAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentAccount__Output>): grpc.ClientUnaryCall;
  createPaymentAccount(argument: _invoiceplatform_accounts_v1_CreatePaymentAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentAccount__Output>): grpc.ClientUnaryCall;
  createPaymentAccount(argument: _invoiceplatform_accounts_v1_CreatePaymentAccountRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentAccount__Output>): grpc.ClientUnaryCall;
  
  CreateWorkspace(argument: _invoiceplatform_accounts_v1_CreateWorkspaceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  CreateWorkspace(argument: _invoiceplatform_accounts_v1_CreateWorkspaceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  CreateWorkspace(argument: _invoiceplatform_accounts_v1_CreateWorkspaceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  CreateWorkspace(argument: _invoiceplatform_accounts_v1_CreateWorkspaceRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  createWorkspace(argument: _invoiceplatform_accounts_v1_CreateWorkspaceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  createWorkspace(argument: _invoiceplatform_accounts_v1_CreateWorkspaceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  createWorkspace(argument: _invoiceplatform_accounts_v1_CreateWorkspaceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  createWorkspace(argument: _invoiceplatform_accounts_v1_CreateWorkspaceRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  
  DisconnectPaymentGateway(argument: _invoiceplatform_accounts_v1_DisconnectPaymentGatewayRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGateway__Output>): grpc.ClientUnaryCall;
  DisconnectPaymentGateway(argument: _invoiceplatform_accounts_v1_DisconnectPaymentGatewayRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGateway__Output>): grpc.ClientUnaryCall;
  DisconnectPaymentGateway(argument: _invoiceplatform_accounts_v1_DisconnectPaymentGatewayRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGateway__Output>): grpc.ClientUnaryCall;
  DisconnectPaymentGateway(argument: _invoiceplatform_accounts_v1_DisconnectPaymentGatewayRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGateway__Output>): grpc.ClientUnaryCall;
  disconnectPaymentGateway(argument: _invoiceplatform_accounts_v1_DisconnectPaymentGatewayRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGateway__Output>): grpc.ClientUnaryCall;
  disconnectPaymentGateway(argument: _invoiceplatform_accounts_v1_DisconnectPaymentGatewayRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGateway__Output>): grpc.ClientUnaryCall;
  disconnectPaymentGateway(argument: _invoiceplatform_accounts_v1_DisconnectPaymentGatewayRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGateway__Output>): grpc.ClientUnaryCall;
  disconnectPaymentGateway(argument: _invoiceplatform_accounts_v1_DisconnectPaymentGatewayRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGateway__Output>): grpc.ClientUnaryCall;
  
  GetPaymentGatewayCredentials(argument: _invoiceplatform_accounts_v1_GetPaymentGatewayCredentialsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGatewayCredentials__Output>): grpc.ClientUnaryCall;
  GetPaymentGatewayCredentials(argument: _invoiceplatform_accounts_v1_GetPaymentGatewayCredentialsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGatewayCredentials__Output>): grpc.ClientUnaryCall;
  GetPaymentGatewayCredentials(argument: _invoiceplatform_accounts_v1_GetPaymentGatewayCredentialsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGatewayCredentials__Output>): grpc.ClientUnaryCall;
  GetPaymentGatewayCredentials(argument: _invoiceplatform_accounts_v1_GetPaymentGatewayCredentialsRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGatewayCredentials__Output>): grpc.ClientUnaryCall;
  getPaymentGatewayCredentials(argument: _invoiceplatform_accounts_v1_GetPaymentGatewayCredentialsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGatewayCredentials__Output>): grpc.ClientUnaryCall;
  getPaymentGatewayCredentials(argument: _invoiceplatform_accounts_v1_GetPaymentGatewayCredentialsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGatewayCredentials__Output>): grpc.ClientUnaryCall;
  getPaymentGatewayCredentials(argument: _invoiceplatform_accounts_v1_GetPaymentGatewayCredentialsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGatewayCredentials__Output>): grpc.ClientUnaryCall;
  getPaymentGatewayCredentials(argument: _invoiceplatform_accounts_v1_GetPaymentGatewayCredentialsRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_PaymentGatewayCredentials__Output>): grpc.ClientUnaryCall;
  
  GetWorkspace(argument: _invoiceplatform_accounts_v1_GetWorkspaceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  GetWorkspace(argument: _invoiceplatform_accounts_v1_GetWorkspaceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  GetWorkspace(argument: _invoiceplatform_accounts_v1_GetWorkspaceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  GetWorkspace(argument: _invoiceplatform_accounts_v1_GetWorkspaceRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  getWorkspace(argument: _invoiceplatform_accounts_v1_GetWorkspaceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  getWorkspace(argument: _invoiceplatform_accounts_v1_GetWorkspaceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  getWorkspace(argument: _invoiceplatform_accounts_v1_GetWorkspaceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  getWorkspace(argument: _invoiceplatform_accounts_v1_GetWorkspaceRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  
  ListApiKeys(argument: _invoiceplatform_accounts_v1_ListApiKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  ListApiKeys(argument: _invoiceplatform_accounts_v1_ListApiKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  ListApiKeys(argument: _invoiceplatform_accounts_v1_ListApiKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  ListApiKeys(argument: _invoiceplatform_accounts_v1_ListApiKeysRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _invoiceplatform_accounts_v1_ListApiKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _invoiceplatform_accounts_v1_ListApiKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _invoiceplatform_accounts_v1_ListApiKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _invoiceplatform_accounts_v1_ListApiKeysRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  
  ListPaymentAccounts(argument: _invoiceplatform_accounts_v1_ListPaymentAccountsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListPaymentAccountsResponse__Output>): grpc.ClientUnaryCall;
  ListPaymentAccounts(argument: _invoiceplatform_accounts_v1_ListPaymentAccountsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListPaymentAccountsResponse__Output>): grpc.ClientUnaryCall;
  ListPaymentAccounts(argument: _invoiceplatform_accounts_v1_ListPaymentAccountsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListPaymentAccountsResponse__Output>): grpc.ClientUnaryCall;
  ListPaymentAccounts(argument: _invoiceplatform_accounts_v1_ListPaymentAccountsRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListPaymentAccountsResponse__Output>): grpc.ClientUnaryCall;
  listPaymentAccounts(argument: _invoiceplatform_accounts_v1_ListPaymentAccountsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListPaymentAccountsResponse__Output>): grpc.ClientUnaryCall;
  listPaymentAccounts(argument: _invoiceplatform_accounts_v1_ListPaymentAccountsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListPaymentAccountsResponse__Output>): grpc.ClientUnaryCall;
  listPaymentAccounts(argument: _invoiceplatform_accounts_v1_ListPaymentAccountsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListPaymentAccountsResponse__Output>): grpc.ClientUnaryCall;
  listPaymentAccounts(argument: _invoiceplatform_accounts_v1_ListPaymentAccountsRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListPaymentAccountsResponse__Output>): grpc.ClientUnaryCall;
  
  ListPaymentGateways(argument: _invoiceplatform_accounts_v1_ListPaymentGatewaysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListPaymentGatewaysResponse__Output>): grpc.ClientUnaryCall;
  ListPaymentGateways(argument: _invoiceplatform_accounts_v1_ListPaymentGatewaysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListPaymentGatewaysResponse__Output>): grpc.ClientUnaryCall;
  ListPaymentGateways(argument: _invoiceplatform_accounts_v1_ListPaymentGatewaysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListPaymentGatewaysResponse__Output>): grpc.ClientUnaryCall;
  ListPaymentGateways(argument: _invoiceplatform_accounts_v1_ListPaymentGatewaysRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListPaymentGatewaysResponse__Output>): grpc.ClientUnaryCall;
  listPaymentGateways(argument: _invoiceplatform_accounts_v1_ListPaymentGatewaysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListPaymentGatewaysResponse__Output>): grpc.ClientUnaryCall;
  listPaymentGateways(argument: _invoiceplatform_accounts_v1_ListPaymentGatewaysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListPaymentGatewaysResponse__Output>): grpc.ClientUnaryCall;
  listPaymentGateways(argument: _invoiceplatform_accounts_v1_ListPaymentGatewaysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListPaymentGatewaysResponse__Output>): grpc.ClientUnaryCall;
  listPaymentGateways(argument: _invoiceplatform_accounts_v1_ListPaymentGatewaysRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListPaymentGatewaysResponse__Output>): grpc.ClientUnaryCall;
  
  ListWorkspaces(argument: _invoiceplatform_accounts_v1_ListWorkspacesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListWorkspacesResponse__Output>): grpc.ClientUnaryCall;
  ListWorkspaces(argument: _invoiceplatform_accounts_v1_ListWorkspacesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListWorkspacesResponse__Output>): grpc.ClientUnaryCall;
  ListWorkspaces(argument: _invoiceplatform_accounts_v1_ListWorkspacesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListWorkspacesResponse__Output>): grpc.ClientUnaryCall;
  ListWorkspaces(argument: _invoiceplatform_accounts_v1_ListWorkspacesRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListWorkspacesResponse__Output>): grpc.ClientUnaryCall;
  listWorkspaces(argument: _invoiceplatform_accounts_v1_ListWorkspacesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListWorkspacesResponse__Output>): grpc.ClientUnaryCall;
  listWorkspaces(argument: _invoiceplatform_accounts_v1_ListWorkspacesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListWorkspacesResponse__Output>): grpc.ClientUnaryCall;
  listWorkspaces(argument: _invoiceplatform_accounts_v1_ListWorkspacesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListWorkspacesResponse__Output>): grpc.ClientUnaryCall;
  listWorkspaces(argument: _invoiceplatform_accounts_v1_ListWorkspacesRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ListWorkspacesResponse__Output>): grpc.ClientUnaryCall;
  
  RevokeApiKey(argument: _invoiceplatform_accounts_v1_RevokeApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  RevokeApiKey(argument: _invoiceplatform_accounts_v1_RevokeApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  RevokeApiKey(argument: _invoiceplatform_accounts_v1_RevokeApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  RevokeApiKey(argument: _invoiceplatform_accounts_v1_RevokeApiKeyRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  revokeApiKey(argument: _invoiceplatform_accounts_v1_RevokeApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  revokeApiKey(argument: _invoiceplatform_accounts_v1_RevokeApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  revokeApiKey(argument: _invoiceplatform_accounts_v1_RevokeApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  revokeApiKey(argument: _invoiceplatform_accounts_v1_RevokeApiKeyRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  
  SetLegalProfile(argument: _invoiceplatform_accounts_v1_SetLegalProfileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  SetLegalProfile(argument: _invoiceplatform_accounts_v1_SetLegalProfileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  SetLegalProfile(argument: _invoiceplatform_accounts_v1_SetLegalProfileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  SetLegalProfile(argument: _invoiceplatform_accounts_v1_SetLegalProfileRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  setLegalProfile(argument: _invoiceplatform_accounts_v1_SetLegalProfileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  setLegalProfile(argument: _invoiceplatform_accounts_v1_SetLegalProfileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  setLegalProfile(argument: _invoiceplatform_accounts_v1_SetLegalProfileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  setLegalProfile(argument: _invoiceplatform_accounts_v1_SetLegalProfileRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  
  SetWorkspaceFeatures(argument: _invoiceplatform_accounts_v1_SetWorkspaceFeaturesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  SetWorkspaceFeatures(argument: _invoiceplatform_accounts_v1_SetWorkspaceFeaturesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  SetWorkspaceFeatures(argument: _invoiceplatform_accounts_v1_SetWorkspaceFeaturesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  SetWorkspaceFeatures(argument: _invoiceplatform_accounts_v1_SetWorkspaceFeaturesRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  setWorkspaceFeatures(argument: _invoiceplatform_accounts_v1_SetWorkspaceFeaturesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  setWorkspaceFeatures(argument: _invoiceplatform_accounts_v1_SetWorkspaceFeaturesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  setWorkspaceFeatures(argument: _invoiceplatform_accounts_v1_SetWorkspaceFeaturesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  setWorkspaceFeatures(argument: _invoiceplatform_accounts_v1_SetWorkspaceFeaturesRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  
  SetWorkspaceRetention(argument: _invoiceplatform_accounts_v1_SetWorkspaceRetentionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  SetWorkspaceRetention(argument: _invoiceplatform_accounts_v1_SetWorkspaceRetentionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  SetWorkspaceRetention(argument: _invoiceplatform_accounts_v1_SetWorkspaceRetentionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  SetWorkspaceRetention(argument: _invoiceplatform_accounts_v1_SetWorkspaceRetentionRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  setWorkspaceRetention(argument: _invoiceplatform_accounts_v1_SetWorkspaceRetentionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  setWorkspaceRetention(argument: _invoiceplatform_accounts_v1_SetWorkspaceRetentionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  setWorkspaceRetention(argument: _invoiceplatform_accounts_v1_SetWorkspaceRetentionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  setWorkspaceRetention(argument: _invoiceplatform_accounts_v1_SetWorkspaceRetentionRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  
  SetWorkspaceTestMode(argument: _invoiceplatform_accounts_v1_SetWorkspaceTestModeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  SetWorkspaceTestMode(argument: _invoiceplatform_accounts_v1_SetWorkspaceTestModeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  SetWorkspaceTestMode(argument: _invoiceplatform_accounts_v1_SetWorkspaceTestModeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  SetWorkspaceTestMode(argument: _invoiceplatform_accounts_v1_SetWorkspaceTestModeRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  setWorkspaceTestMode(argument: _invoiceplatform_accounts_v1_SetWorkspaceTestModeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  setWorkspaceTestMode(argument: _invoiceplatform_accounts_v1_SetWorkspaceTestModeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  setWorkspaceTestMode(argument: _invoiceplatform_accounts_v1_SetWorkspaceTestModeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  setWorkspaceTestMode(argument: _invoiceplatform_accounts_v1_SetWorkspaceTestModeRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  
  UpdateWorkspacePlan(argument: _invoiceplatform_accounts_v1_UpdateWorkspacePlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  UpdateWorkspacePlan(argument: _invoiceplatform_accounts_v1_UpdateWorkspacePlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  UpdateWorkspacePlan(argument: _invoiceplatform_accounts_v1_UpdateWorkspacePlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  UpdateWorkspacePlan(argument: _invoiceplatform_accounts_v1_UpdateWorkspacePlanRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  updateWorkspacePlan(argument: _invoiceplatform_accounts_v1_UpdateWorkspacePlanRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  updateWorkspacePlan(argument: _invoiceplatform_accounts_v1_UpdateWorkspacePlanRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  updateWorkspacePlan(argument: _invoiceplatform_accounts_v1_UpdateWorkspacePlanRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  updateWorkspacePlan(argument: _invoiceplatform_accounts_v1_UpdateWorkspacePlanRequest, callback: grpc.requestCallback<_invoiceplatform_accounts_v1_Workspace__Output>): grpc.ClientUnaryCall;
  
}

export interface AccountsServiceHandlers extends grpc.UntypedServiceImplementation {
  AuthenticateApiKey: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_AuthenticateApiKeyRequest__Output, _invoiceplatform_accounts_v1_AuthenticateApiKeyResponse>;
  
  CheckPaymentSetup: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_CheckPaymentSetupRequest__Output, _invoiceplatform_accounts_v1_CheckPaymentSetupResponse>;
  
  ConnectPaymentGateway: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_ConnectPaymentGatewayRequest__Output, _invoiceplatform_accounts_v1_PaymentGateway>;
  
  CreateApiKey: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_CreateApiKeyRequest__Output, _invoiceplatform_accounts_v1_CreateApiKeyResponse>;
  
  CreatePaymentAccount: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_CreatePaymentAccountRequest__Output, _invoiceplatform_accounts_v1_PaymentAccount>;
  
  CreateWorkspace: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_CreateWorkspaceRequest__Output, _invoiceplatform_accounts_v1_Workspace>;
  
  DisconnectPaymentGateway: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_DisconnectPaymentGatewayRequest__Output, _invoiceplatform_accounts_v1_PaymentGateway>;
  
  GetPaymentGatewayCredentials: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_GetPaymentGatewayCredentialsRequest__Output, _invoiceplatform_accounts_v1_PaymentGatewayCredentials>;
  
  GetWorkspace: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_GetWorkspaceRequest__Output, _invoiceplatform_accounts_v1_Workspace>;
  
  ListApiKeys: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_ListApiKeysRequest__Output, _invoiceplatform_accounts_v1_ListApiKeysResponse>;
  
  ListPaymentAccounts: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_ListPaymentAccountsRequest__Output, _invoiceplatform_accounts_v1_ListPaymentAccountsResponse>;
  
  ListPaymentGateways: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_ListPaymentGatewaysRequest__Output, _invoiceplatform_accounts_v1_ListPaymentGatewaysResponse>;
  
  ListWorkspaces: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_ListWorkspacesRequest__Output, _invoiceplatform_accounts_v1_ListWorkspacesResponse>;
  
  RevokeApiKey: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_RevokeApiKeyRequest__Output, _invoiceplatform_accounts_v1_ApiKey>;
  
  SetLegalProfile: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_SetLegalProfileRequest__Output, _invoiceplatform_accounts_v1_Workspace>;
  
  SetWorkspaceFeatures: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_SetWorkspaceFeaturesRequest__Output, _invoiceplatform_accounts_v1_Workspace>;
  
  SetWorkspaceRetention: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_SetWorkspaceRetentionRequest__Output, _invoiceplatform_accounts_v1_Workspace>;
  
  SetWorkspaceTestMode: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_SetWorkspaceTestModeRequest__Output, _invoiceplatform_accounts_v1_Workspace>;
  
  UpdateWorkspacePlan: grpc.handleUnaryCall<_invoiceplatform_accounts_v1_UpdateWorkspacePlanRequest__Output, _invoiceplatform_accounts_v1_Workspace>;
  
}

export interface AccountsServiceDefinition extends grpc.ServiceDefinition {
  AuthenticateApiKey: MethodDefinition<_invoiceplatform_accounts_v1_AuthenticateApiKeyRequest, _invoiceplatform_accounts_v1_AuthenticateApiKeyResponse, _invoiceplatform_accounts_v1_AuthenticateApiKeyRequest__Output, _invoiceplatform_accounts_v1_AuthenticateApiKeyResponse__Output>
  CheckPaymentSetup: MethodDefinition<_invoiceplatform_accounts_v1_CheckPaymentSetupRequest, _invoiceplatform_accounts_v1_CheckPaymentSetupResponse, _invoiceplatform_accounts_v1_CheckPaymentSetupRequest__Output, _invoiceplatform_accounts_v1_CheckPaymentSetupResponse__Output>
  ConnectPaymentGateway: MethodDefinition<_invoiceplatform_accounts_v1_ConnectPaymentGatewayRequest, _invoiceplatform_accounts_v1_PaymentGateway, _invoiceplatform_accounts_v1_ConnectPaymentGatewayRequest__Output, _invoiceplatform_accounts_v1_PaymentGateway__Output>
  CreateApiKey: MethodDefinition<_invoiceplatform_accounts_v1_CreateApiKeyRequest, _invoiceplatform_accounts_v1_CreateApiKeyResponse, _invoiceplatform_accounts_v1_CreateApiKeyRequest__Output, _invoiceplatform_accounts_v1_CreateApiKeyResponse__Output>
  CreatePaymentAccount: MethodDefinition<_invoiceplatform_accounts_v1_CreatePaymentAccountRequest, _invoiceplatform_accounts_v1_PaymentAccount, _invoiceplatform_accounts_v1_CreatePaymentAccountRequest__Output, _invoiceplatform_accounts_v1_PaymentAccount__Output>
  CreateWorkspace: MethodDefinition<_invoiceplatform_accounts_v1_CreateWorkspaceRequest, _invoiceplatform_accounts_v1_Workspace, _invoiceplatform_accounts_v1_CreateWorkspaceRequest__Output, _invoiceplatform_accounts_v1_Workspace__Output>
  DisconnectPaymentGateway: MethodDefinition<_invoiceplatform_accounts_v1_DisconnectPaymentGatewayRequest, _invoiceplatform_accounts_v1_PaymentGateway, _invoiceplatform_accounts_v1_DisconnectPaymentGatewayRequest__Output, _invoiceplatform_accounts_v1_PaymentGateway__Output>
  GetPaymentGatewayCredentials: MethodDefinition<_invoiceplatform_accounts_v1_GetPaymentGatewayCredentialsRequest, _invoiceplatform_accounts_v1_PaymentGatewayCredentials, _invoiceplatform_accounts_v1_GetPaymentGatewayCredentialsRequest__Output, _invoiceplatform_accounts_v1_PaymentGatewayCredentials__Output>
  GetWorkspace: MethodDefinition<_invoiceplatform_accounts_v1_GetWorkspaceRequest, _invoiceplatform_accounts_v1_Workspace, _invoiceplatform_accounts_v1_GetWorkspaceRequest__Output, _invoiceplatform_accounts_v1_Workspace__Output>
  ListApiKeys: MethodDefinition<_invoiceplatform_accounts_v1_ListApiKeysRequest, _invoiceplatform_accounts_v1_ListApiKeysResponse, _invoiceplatform_accounts_v1_ListApiKeysRequest__Output, _invoiceplatform_accounts_v1_ListApiKeysResponse__Output>
  ListPaymentAccounts: MethodDefinition<_invoiceplatform_accounts_v1_ListPaymentAccountsRequest, _invoiceplatform_accounts_v1_ListPaymentAccountsResponse, _invoiceplatform_accounts_v1_ListPaymentAccountsRequest__Output, _invoiceplatform_accounts_v1_ListPaymentAccountsResponse__Output>
  ListPaymentGateways: MethodDefinition<_invoiceplatform_accounts_v1_ListPaymentGatewaysRequest, _invoiceplatform_accounts_v1_ListPaymentGatewaysResponse, _invoiceplatform_accounts_v1_ListPaymentGatewaysRequest__Output, _invoiceplatform_accounts_v1_ListPaymentGatewaysResponse__Output>
  ListWorkspaces: MethodDefinition<_invoiceplatform_accounts_v1_ListWorkspacesRequest, _invoiceplatform_accounts_v1_ListWorkspacesResponse, _invoiceplatform_accounts_v1_ListWorkspacesRequest__Output, _invoiceplatform_accounts_v1_ListWorkspacesResponse__Output>
  RevokeApiKey: MethodDefinition<_invoiceplatform_accounts_v1_RevokeApiKeyRequest, _invoiceplatform_accounts_v1_ApiKey, _invoiceplatform_accounts_v1_RevokeApiKeyRequest__Output, _invoiceplatform_accounts_v1_ApiKey__Output>
  SetLegalProfile: MethodDefinition<_invoiceplatform_accounts_v1_SetLegalProfileRequest, _invoiceplatform_accounts_v1_Workspace, _invoiceplatform_accounts_v1_SetLegalProfileRequest__Output, _invoiceplatform_accounts_v1_Workspace__Output>
  SetWorkspaceFeatures: MethodDefinition<_invoiceplatform_accounts_v1_SetWorkspaceFeaturesRequest, _invoiceplatform_accounts_v1_Workspace, _invoiceplatform_accounts_v1_SetWorkspaceFeaturesRequest__Output, _invoiceplatform_accounts_v1_Workspace__Output>
  SetWorkspaceRetention: MethodDefinition<_invoiceplatform_accounts_v1_SetWorkspaceRetentionRequest, _invoiceplatform_accounts_v1_Workspace, _invoiceplatform_accounts_v1_SetWorkspaceRetentionRequest__Output, _invoiceplatform_accounts_v1_Workspace__Output>
  SetWorkspaceTestMode: MethodDefinition<_invoiceplatform_accounts_v1_SetWorkspaceTestModeRequest, _invoiceplatform_accounts_v1_Workspace, _invoiceplatform_accounts_v1_SetWorkspaceTestModeRequest__Output, _invoiceplatform_accounts_v1_Workspace__Output>
  UpdateWorkspacePlan: MethodDefinition<_invoiceplatform_accounts_v1_UpdateWorkspacePlanRequest, _invoiceplatform_accounts_v1_Workspace, _invoiceplatform_accounts_v1_UpdateWorkspacePlanRequest__Output, _invoiceplatform_accounts_v1_Workspace__Output>
}
