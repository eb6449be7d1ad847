import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AccountsServiceClient as _invoiceplatform_accounts_v1_AccountsServiceClient, AccountsServiceDefinition as _invoiceplatform_accounts_v1_AccountsServiceDefinition } from './invoiceplatform/accounts/v1/AccountsService.ts';
import type { ApiKey as _invoiceplatform_accounts_v1_ApiKey, ApiKey__Output as _invoiceplatform_accounts_v1_ApiKey__Output } from './invoiceplatform/accounts/v1/ApiKey.ts';
import type { AuthenticateApiKeyRequest as _invoiceplatform_accounts_v1_AuthenticateApiKeyRequest, AuthenticateApiKeyRequest__Output as _invoiceplatform_accounts_v1_AuthenticateApiKeyRequest__Output } from './invoiceplatform/accounts/v1/AuthenticateApiKeyRequest.ts';
import type { AuthenticateApiKeyResponse as _invoiceplatform_accounts_v1_AuthenticateApiKeyResponse, AuthenticateApiKeyResponse__Output as _invoiceplatform_accounts_v1_AuthenticateApiKeyResponse__Output } from './invoiceplatform/accounts/v1/AuthenticateApiKeyResponse.ts';
import type { CheckPaymentSetupRequest as _invoiceplatform_accounts_v1_CheckPaymentSetupRequest, CheckPaymentSetupRequest__Output as _invoiceplatform_accounts_v1_CheckPaymentSetupRequest__Output } from './invoiceplatform/accounts/v1/CheckPaymentSetupRequest.ts';
import type { CheckPaymentSetupResponse as _invoiceplatform_accounts_v1_CheckPaymentSetupResponse, CheckPaymentSetupResponse__Output as _invoiceplatform_accounts_v1_CheckPaymentSetupResponse__Output } from './invoiceplatform/accounts/v1/CheckPaymentSetupResponse.ts';
import type { ConnectPaymentGatewayRequest as _invoiceplatform_accounts_v1_ConnectPaymentGatewayRequest, ConnectPaymentGatewayRequest__Output as _invoiceplatform_accounts_v1_ConnectPaymentGatewayRequest__Output } from './invoiceplatform/accounts/v1/ConnectPaymentGatewayRequest.ts';
import type { CreateApiKeyRequest as _invoiceplatform_accounts_v1_CreateApiKeyRequest, CreateApiKeyRequest__Output as _invoiceplatform_accounts_v1_CreateApiKeyRequest__Output } from './invoiceplatform/accounts/v1/CreateApiKeyRequest.ts';
import type { CreateApiKeyResponse as _invoiceplatform_accounts_v1_CreateApiKeyResponse, CreateApiKeyResponse__Output as _invoiceplatform_accounts_v1_CreateApiKeyResponse__Output } from './invoiceplatform/accounts/v1/CreateApiKeyResponse.ts';
import type { CreatePaymentAccountRequest as _invoiceplatform_accounts_v1_CreatePaymentAccountRequest, CreatePaymentAccountRequest__Output as _invoiceplatform_accounts_v1_CreatePaymentAccountRequest__Output } from './invoiceplatform/accounts/v1/CreatePaymentAccountRequest.ts';
import type { CreateWorkspaceRequest as _invoiceplatform_accounts_v1_CreateWorkspaceRequest, CreateWorkspaceRequest__Output as _invoiceplatform_accounts_v1_CreateWorkspaceRequest__Output } from './invoiceplatform/accounts/v1/CreateWorkspaceRequest.ts';
import type { DisconnectPaymentGatewayRequest as _invoiceplatform_accounts_v1_DisconnectPaymentGatewayRequest, DisconnectPaymentGatewayRequest__Output as _invoiceplatform_accounts_v1_DisconnectPaymentGatewayRequest__Output } from './invoiceplatform/accounts/v1/DisconnectPaymentGatewayRequest.ts';
import type { ElectronicAddress as _invoiceplatform_accounts_v1_ElectronicAddress, ElectronicAddress__Output as _invoiceplatform_accounts_v1_ElectronicAddress__Output } from './invoiceplatform/accounts/v1/ElectronicAddress.ts';
import type { GetPaymentGatewayCredentialsRequest as _invoiceplatform_accounts_v1_GetPaymentGatewayCredentialsRequest, GetPaymentGatewayCredentialsRequest__Output as _invoiceplatform_accounts_v1_GetPaymentGatewayCredentialsRequest__Output } from './invoiceplatform/accounts/v1/GetPaymentGatewayCredentialsRequest.ts';
import type { GetWorkspaceRequest as _invoiceplatform_accounts_v1_GetWorkspaceRequest, GetWorkspaceRequest__Output as _invoiceplatform_accounts_v1_GetWorkspaceRequest__Output } from './invoiceplatform/accounts/v1/GetWorkspaceRequest.ts';
import type { LegalContact as _invoiceplatform_accounts_v1_LegalContact, LegalContact__Output as _invoiceplatform_accounts_v1_LegalContact__Output } from './invoiceplatform/accounts/v1/LegalContact.ts';
import type { LegalProfile as _invoiceplatform_accounts_v1_LegalProfile, LegalProfile__Output as _invoiceplatform_accounts_v1_LegalProfile__Output } from './invoiceplatform/accounts/v1/LegalProfile.ts';
import type { ListApiKeysRequest as _invoiceplatform_accounts_v1_ListApiKeysRequest, ListApiKeysRequest__Output as _invoiceplatform_accounts_v1_ListApiKeysRequest__Output } from './invoiceplatform/accounts/v1/ListApiKeysRequest.ts';
import type { ListApiKeysResponse as _invoiceplatform_accounts_v1_ListApiKeysResponse, ListApiKeysResponse__Output as _invoiceplatform_accounts_v1_ListApiKeysResponse__Output } from './invoiceplatform/accounts/v1/ListApiKeysResponse.ts';
import type { ListPaymentAccountsRequest as _invoiceplatform_accounts_v1_ListPaymentAccountsRequest, ListPaymentAccountsRequest__Output as _invoiceplatform_accounts_v1_ListPaymentAccountsRequest__Output } from './invoiceplatform/accounts/v1/ListPaymentAccountsRequest.ts';
import type { ListPaymentAccountsResponse as _invoiceplatform_accounts_v1_ListPaymentAccountsResponse, ListPaymentAccountsResponse__Output as _invoiceplatform_accounts_v1_ListPaymentAccountsResponse__Output } from './invoiceplatform/accounts/v1/ListPaymentAccountsResponse.ts';
import type { ListPaymentGatewaysRequest as _invoiceplatform_accounts_v1_ListPaymentGatewaysRequest, ListPaymentGatewaysRequest__Output as _invoiceplatform_accounts_v1_ListPaymentGatewaysRequest__Output } from './invoiceplatform/accounts/v1/ListPaymentGatewaysRequest.ts';
import type { ListPaymentGatewaysResponse as _invoiceplatform_accounts_v1_ListPaymentGatewaysResponse, ListPaymentGatewaysResponse__Output as _invoiceplatform_accounts_v1_ListPaymentGatewaysResponse__Output } from './invoiceplatform/accounts/v1/ListPaymentGatewaysResponse.ts';
import type { ListWorkspacesRequest as _invoiceplatform_accounts_v1_ListWorkspacesRequest, ListWorkspacesRequest__Output as _invoiceplatform_accounts_v1_ListWorkspacesRequest__Output } from './invoiceplatform/accounts/v1/ListWorkspacesRequest.ts';
import type { ListWorkspacesResponse as _invoiceplatform_accounts_v1_ListWorkspacesResponse, ListWorkspacesResponse__Output as _invoiceplatform_accounts_v1_ListWorkspacesResponse__Output } from './invoiceplatform/accounts/v1/ListWorkspacesResponse.ts';
import type { PaymentAccount as _invoiceplatform_accounts_v1_PaymentAccount, PaymentAccount__Output as _invoiceplatform_accounts_v1_PaymentAccount__Output } from './invoiceplatform/accounts/v1/PaymentAccount.ts';
import type { PaymentGateway as _invoiceplatform_accounts_v1_PaymentGateway, PaymentGateway__Output as _invoiceplatform_accounts_v1_PaymentGateway__Output } from './invoiceplatform/accounts/v1/PaymentGateway.ts';
import type { PaymentGatewayCredentials as _invoiceplatform_accounts_v1_PaymentGatewayCredentials, PaymentGatewayCredentials__Output as _invoiceplatform_accounts_v1_PaymentGatewayCredentials__Output } from './invoiceplatform/accounts/v1/PaymentGatewayCredentials.ts';
import type { PostalAddress as _invoiceplatform_accounts_v1_PostalAddress, PostalAddress__Output as _invoiceplatform_accounts_v1_PostalAddress__Output } from './invoiceplatform/accounts/v1/PostalAddress.ts';
import type { RevokeApiKeyRequest as _invoiceplatform_accounts_v1_RevokeApiKeyRequest, RevokeApiKeyRequest__Output as _invoiceplatform_accounts_v1_RevokeApiKeyRequest__Output } from './invoiceplatform/accounts/v1/RevokeApiKeyRequest.ts';
import type { SetLegalProfileRequest as _invoiceplatform_accounts_v1_SetLegalProfileRequest, SetLegalProfileRequest__Output as _invoiceplatform_accounts_v1_SetLegalProfileRequest__Output } from './invoiceplatform/accounts/v1/SetLegalProfileRequest.ts';
import type { SetWorkspaceFeaturesRequest as _invoiceplatform_accounts_v1_SetWorkspaceFeaturesRequest, SetWorkspaceFeaturesRequest__Output as _invoiceplatform_accounts_v1_SetWorkspaceFeaturesRequest__Output } from './invoiceplatform/accounts/v1/SetWorkspaceFeaturesRequest.ts';
import type { SetWorkspaceRetentionRequest as _invoiceplatform_accounts_v1_SetWorkspaceRetentionRequest, SetWorkspaceRetentionRequest__Output as _invoiceplatform_accounts_v1_SetWorkspaceRetentionRequest__Output } from './invoiceplatform/accounts/v1/SetWorkspaceRetentionRequest.ts';
import type { SetWorkspaceTestModeRequest as _invoiceplatform_accounts_v1_SetWorkspaceTestModeRequest, SetWorkspaceTestModeRequest__Output as _invoiceplatform_accounts_v1_SetWorkspaceTestModeRequest__Output } from './invoiceplatform/accounts/v1/SetWorkspaceTestModeRequest.ts';
import type { UpdateWorkspacePlanRequest as _invoiceplatform_accounts_v1_UpdateWorkspacePlanRequest, UpdateWorkspacePlanRequest__Output as _invoiceplatform_accounts_v1_UpdateWorkspacePlanRequest__Output } from './invoiceplatform/accounts/v1/UpdateWorkspacePlanRequest.ts';
import type { Workspace as _invoiceplatform_accounts_v1_Workspace, Workspace__Output as _invoiceplatform_accounts_v1_Workspace__Output } from './invoiceplatform/accounts/v1/Workspace.ts';
import type { ElectronicAddress as _invoiceplatform_invoice_v1_ElectronicAddress, ElectronicAddress__Output as _invoiceplatform_invoice_v1_ElectronicAddress__Output } from './invoiceplatform/invoice/v1/ElectronicAddress.ts';
import type { InvoiceLine as _invoiceplatform_invoice_v1_InvoiceLine, InvoiceLine__Output as _invoiceplatform_invoice_v1_InvoiceLine__Output } from './invoiceplatform/invoice/v1/InvoiceLine.ts';
import type { Item as _invoiceplatform_invoice_v1_Item, Item__Output as _invoiceplatform_invoice_v1_Item__Output } from './invoiceplatform/invoice/v1/Item.ts';
import type { PostalAddress as _invoiceplatform_invoice_v1_PostalAddress, PostalAddress__Output as _invoiceplatform_invoice_v1_PostalAddress__Output } from './invoiceplatform/invoice/v1/PostalAddress.ts';
import type { TemplateInfo as _invoiceplatform_invoice_v1_TemplateInfo, TemplateInfo__Output as _invoiceplatform_invoice_v1_TemplateInfo__Output } from './invoiceplatform/invoice/v1/TemplateInfo.ts';
import type { ChangeFrequencyRequest as _invoiceplatform_recurring_v1_ChangeFrequencyRequest, ChangeFrequencyRequest__Output as _invoiceplatform_recurring_v1_ChangeFrequencyRequest__Output } from './invoiceplatform/recurring/v1/ChangeFrequencyRequest.ts';
import type { ChangeFrequencyResponse as _invoiceplatform_recurring_v1_ChangeFrequencyResponse, ChangeFrequencyResponse__Output as _invoiceplatform_recurring_v1_ChangeFrequencyResponse__Output } from './invoiceplatform/recurring/v1/ChangeFrequencyResponse.ts';
import type { CheckLegalProfileChangeRequest as _invoiceplatform_recurring_v1_CheckLegalProfileChangeRequest, CheckLegalProfileChangeRequest__Output as _invoiceplatform_recurring_v1_CheckLegalProfileChangeRequest__Output } from './invoiceplatform/recurring/v1/CheckLegalProfileChangeRequest.ts';
import type { CheckLegalProfileChangeResponse as _invoiceplatform_recurring_v1_CheckLegalProfileChangeResponse, CheckLegalProfileChangeResponse__Output as _invoiceplatform_recurring_v1_CheckLegalProfileChangeResponse__Output } from './invoiceplatform/recurring/v1/CheckLegalProfileChangeResponse.ts';
import type { CreateSeriesRequest as _invoiceplatform_recurring_v1_CreateSeriesRequest, CreateSeriesRequest__Output as _invoiceplatform_recurring_v1_CreateSeriesRequest__Output } from './invoiceplatform/recurring/v1/CreateSeriesRequest.ts';
import type { CreateSeriesResponse as _invoiceplatform_recurring_v1_CreateSeriesResponse, CreateSeriesResponse__Output as _invoiceplatform_recurring_v1_CreateSeriesResponse__Output } from './invoiceplatform/recurring/v1/CreateSeriesResponse.ts';
import type { DeleteSeriesRequest as _invoiceplatform_recurring_v1_DeleteSeriesRequest, DeleteSeriesRequest__Output as _invoiceplatform_recurring_v1_DeleteSeriesRequest__Output } from './invoiceplatform/recurring/v1/DeleteSeriesRequest.ts';
import type { DeleteSeriesResponse as _invoiceplatform_recurring_v1_DeleteSeriesResponse, DeleteSeriesResponse__Output as _invoiceplatform_recurring_v1_DeleteSeriesResponse__Output } from './invoiceplatform/recurring/v1/DeleteSeriesResponse.ts';
import type { EditSeriesContentRequest as _invoiceplatform_recurring_v1_EditSeriesContentRequest, EditSeriesContentRequest__Output as _invoiceplatform_recurring_v1_EditSeriesContentRequest__Output } from './invoiceplatform/recurring/v1/EditSeriesContentRequest.ts';
import type { EditSeriesContentResponse as _invoiceplatform_recurring_v1_EditSeriesContentResponse, EditSeriesContentResponse__Output as _invoiceplatform_recurring_v1_EditSeriesContentResponse__Output } from './invoiceplatform/recurring/v1/EditSeriesContentResponse.ts';
import type { ExtendSeriesRequest as _invoiceplatform_recurring_v1_ExtendSeriesRequest, ExtendSeriesRequest__Output as _invoiceplatform_recurring_v1_ExtendSeriesRequest__Output } from './invoiceplatform/recurring/v1/ExtendSeriesRequest.ts';
import type { ExtendSeriesResponse as _invoiceplatform_recurring_v1_ExtendSeriesResponse, ExtendSeriesResponse__Output as _invoiceplatform_recurring_v1_ExtendSeriesResponse__Output } from './invoiceplatform/recurring/v1/ExtendSeriesResponse.ts';
import type { GeneratedInvoice as _invoiceplatform_recurring_v1_GeneratedInvoice, GeneratedInvoice__Output as _invoiceplatform_recurring_v1_GeneratedInvoice__Output } from './invoiceplatform/recurring/v1/GeneratedInvoice.ts';
import type { GetSeriesRequest as _invoiceplatform_recurring_v1_GetSeriesRequest, GetSeriesRequest__Output as _invoiceplatform_recurring_v1_GetSeriesRequest__Output } from './invoiceplatform/recurring/v1/GetSeriesRequest.ts';
import type { ListSeriesRequest as _invoiceplatform_recurring_v1_ListSeriesRequest, ListSeriesRequest__Output as _invoiceplatform_recurring_v1_ListSeriesRequest__Output } from './invoiceplatform/recurring/v1/ListSeriesRequest.ts';
import type { ListSeriesResponse as _invoiceplatform_recurring_v1_ListSeriesResponse, ListSeriesResponse__Output as _invoiceplatform_recurring_v1_ListSeriesResponse__Output } from './invoiceplatform/recurring/v1/ListSeriesResponse.ts';
import type { OccurrenceRun as _invoiceplatform_recurring_v1_OccurrenceRun, OccurrenceRun__Output as _invoiceplatform_recurring_v1_OccurrenceRun__Output } from './invoiceplatform/recurring/v1/OccurrenceRun.ts';
import type { RecurringOccurrence as _invoiceplatform_recurring_v1_RecurringOccurrence, RecurringOccurrence__Output as _invoiceplatform_recurring_v1_RecurringOccurrence__Output } from './invoiceplatform/recurring/v1/RecurringOccurrence.ts';
import type { RecurringSeries as _invoiceplatform_recurring_v1_RecurringSeries, RecurringSeries__Output as _invoiceplatform_recurring_v1_RecurringSeries__Output } from './invoiceplatform/recurring/v1/RecurringSeries.ts';
import type { RecurringServiceClient as _invoiceplatform_recurring_v1_RecurringServiceClient, RecurringServiceDefinition as _invoiceplatform_recurring_v1_RecurringServiceDefinition } from './invoiceplatform/recurring/v1/RecurringService.ts';
import type { RunSchedulerOnceRequest as _invoiceplatform_recurring_v1_RunSchedulerOnceRequest, RunSchedulerOnceRequest__Output as _invoiceplatform_recurring_v1_RunSchedulerOnceRequest__Output } from './invoiceplatform/recurring/v1/RunSchedulerOnceRequest.ts';
import type { RunSchedulerOnceResponse as _invoiceplatform_recurring_v1_RunSchedulerOnceResponse, RunSchedulerOnceResponse__Output as _invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output } from './invoiceplatform/recurring/v1/RunSchedulerOnceResponse.ts';
import type { SeriesContent as _invoiceplatform_recurring_v1_SeriesContent, SeriesContent__Output as _invoiceplatform_recurring_v1_SeriesContent__Output } from './invoiceplatform/recurring/v1/SeriesContent.ts';
import type { SeriesRefusal as _invoiceplatform_recurring_v1_SeriesRefusal, SeriesRefusal__Output as _invoiceplatform_recurring_v1_SeriesRefusal__Output } from './invoiceplatform/recurring/v1/SeriesRefusal.ts';
import type { SetSeriesStatusRequest as _invoiceplatform_recurring_v1_SetSeriesStatusRequest, SetSeriesStatusRequest__Output as _invoiceplatform_recurring_v1_SetSeriesStatusRequest__Output } from './invoiceplatform/recurring/v1/SetSeriesStatusRequest.ts';
import type { SkipOccurrenceRequest as _invoiceplatform_recurring_v1_SkipOccurrenceRequest, SkipOccurrenceRequest__Output as _invoiceplatform_recurring_v1_SkipOccurrenceRequest__Output } from './invoiceplatform/recurring/v1/SkipOccurrenceRequest.ts';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  invoiceplatform: {
    accounts: {
      v1: {
        AccountsService: SubtypeConstructor<typeof grpc.Client, _invoiceplatform_accounts_v1_AccountsServiceClient> & { service: _invoiceplatform_accounts_v1_AccountsServiceDefinition }
        ApiKey: MessageTypeDefinition<_invoiceplatform_accounts_v1_ApiKey, _invoiceplatform_accounts_v1_ApiKey__Output>
        AuthenticateApiKeyRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_AuthenticateApiKeyRequest, _invoiceplatform_accounts_v1_AuthenticateApiKeyRequest__Output>
        AuthenticateApiKeyResponse: MessageTypeDefinition<_invoiceplatform_accounts_v1_AuthenticateApiKeyResponse, _invoiceplatform_accounts_v1_AuthenticateApiKeyResponse__Output>
        CheckPaymentSetupRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_CheckPaymentSetupRequest, _invoiceplatform_accounts_v1_CheckPaymentSetupRequest__Output>
        CheckPaymentSetupResponse: MessageTypeDefinition<_invoiceplatform_accounts_v1_CheckPaymentSetupResponse, _invoiceplatform_accounts_v1_CheckPaymentSetupResponse__Output>
        ConnectPaymentGatewayRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_ConnectPaymentGatewayRequest, _invoiceplatform_accounts_v1_ConnectPaymentGatewayRequest__Output>
        CreateApiKeyRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_CreateApiKeyRequest, _invoiceplatform_accounts_v1_CreateApiKeyRequest__Output>
        CreateApiKeyResponse: MessageTypeDefinition<_invoiceplatform_accounts_v1_CreateApiKeyResponse, _invoiceplatform_accounts_v1_CreateApiKeyResponse__Output>
        CreatePaymentAccountRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_CreatePaymentAccountRequest, _invoiceplatform_accounts_v1_CreatePaymentAccountRequest__Output>
        CreateWorkspaceRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_CreateWorkspaceRequest, _invoiceplatform_accounts_v1_CreateWorkspaceRequest__Output>
        DisconnectPaymentGatewayRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_DisconnectPaymentGatewayRequest, _invoiceplatform_accounts_v1_DisconnectPaymentGatewayRequest__Output>
        ElectronicAddress: MessageTypeDefinition<_invoiceplatform_accounts_v1_ElectronicAddress, _invoiceplatform_accounts_v1_ElectronicAddress__Output>
        GetPaymentGatewayCredentialsRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_GetPaymentGatewayCredentialsRequest, _invoiceplatform_accounts_v1_GetPaymentGatewayCredentialsRequest__Output>
        GetWorkspaceRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_GetWorkspaceRequest, _invoiceplatform_accounts_v1_GetWorkspaceRequest__Output>
        LegalContact: MessageTypeDefinition<_invoiceplatform_accounts_v1_LegalContact, _invoiceplatform_accounts_v1_LegalContact__Output>
        LegalProfile: MessageTypeDefinition<_invoiceplatform_accounts_v1_LegalProfile, _invoiceplatform_accounts_v1_LegalProfile__Output>
        ListApiKeysRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_ListApiKeysRequest, _invoiceplatform_accounts_v1_ListApiKeysRequest__Output>
        ListApiKeysResponse: MessageTypeDefinition<_invoiceplatform_accounts_v1_ListApiKeysResponse, _invoiceplatform_accounts_v1_ListApiKeysResponse__Output>
        ListPaymentAccountsRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_ListPaymentAccountsRequest, _invoiceplatform_accounts_v1_ListPaymentAccountsRequest__Output>
        ListPaymentAccountsResponse: MessageTypeDefinition<_invoiceplatform_accounts_v1_ListPaymentAccountsResponse, _invoiceplatform_accounts_v1_ListPaymentAccountsResponse__Output>
        ListPaymentGatewaysRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_ListPaymentGatewaysRequest, _invoiceplatform_accounts_v1_ListPaymentGatewaysRequest__Output>
        ListPaymentGatewaysResponse: MessageTypeDefinition<_invoiceplatform_accounts_v1_ListPaymentGatewaysResponse, _invoiceplatform_accounts_v1_ListPaymentGatewaysResponse__Output>
        ListWorkspacesRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_ListWorkspacesRequest, _invoiceplatform_accounts_v1_ListWorkspacesRequest__Output>
        ListWorkspacesResponse: MessageTypeDefinition<_invoiceplatform_accounts_v1_ListWorkspacesResponse, _invoiceplatform_accounts_v1_ListWorkspacesResponse__Output>
        PaymentAccount: MessageTypeDefinition<_invoiceplatform_accounts_v1_PaymentAccount, _invoiceplatform_accounts_v1_PaymentAccount__Output>
        PaymentGateway: MessageTypeDefinition<_invoiceplatform_accounts_v1_PaymentGateway, _invoiceplatform_accounts_v1_PaymentGateway__Output>
        PaymentGatewayCredentials: MessageTypeDefinition<_invoiceplatform_accounts_v1_PaymentGatewayCredentials, _invoiceplatform_accounts_v1_PaymentGatewayCredentials__Output>
        PostalAddress: MessageTypeDefinition<_invoiceplatform_accounts_v1_PostalAddress, _invoiceplatform_accounts_v1_PostalAddress__Output>
        RevokeApiKeyRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_RevokeApiKeyRequest, _invoiceplatform_accounts_v1_RevokeApiKeyRequest__Output>
        SetLegalProfileRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_SetLegalProfileRequest, _invoiceplatform_accounts_v1_SetLegalProfileRequest__Output>
        SetWorkspaceFeaturesRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_SetWorkspaceFeaturesRequest, _invoiceplatform_accounts_v1_SetWorkspaceFeaturesRequest__Output>
        SetWorkspaceRetentionRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_SetWorkspaceRetentionRequest, _invoiceplatform_accounts_v1_SetWorkspaceRetentionRequest__Output>
        SetWorkspaceTestModeRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_SetWorkspaceTestModeRequest, _invoiceplatform_accounts_v1_SetWorkspaceTestModeRequest__Output>
        UpdateWorkspacePlanRequest: MessageTypeDefinition<_invoiceplatform_accounts_v1_UpdateWorkspacePlanRequest, _invoiceplatform_accounts_v1_UpdateWorkspacePlanRequest__Output>
        Workspace: MessageTypeDefinition<_invoiceplatform_accounts_v1_Workspace, _invoiceplatform_accounts_v1_Workspace__Output>
      }
    }
    invoice: {
      v1: {
        ElectronicAddress: MessageTypeDefinition<_invoiceplatform_invoice_v1_ElectronicAddress, _invoiceplatform_invoice_v1_ElectronicAddress__Output>
        InvoiceLine: MessageTypeDefinition<_invoiceplatform_invoice_v1_InvoiceLine, _invoiceplatform_invoice_v1_InvoiceLine__Output>
        Item: MessageTypeDefinition<_invoiceplatform_invoice_v1_Item, _invoiceplatform_invoice_v1_Item__Output>
        PostalAddress: MessageTypeDefinition<_invoiceplatform_invoice_v1_PostalAddress, _invoiceplatform_invoice_v1_PostalAddress__Output>
        TemplateInfo: MessageTypeDefinition<_invoiceplatform_invoice_v1_TemplateInfo, _invoiceplatform_invoice_v1_TemplateInfo__Output>
      }
    }
    recurring: {
      v1: {
        ChangeFrequencyRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_ChangeFrequencyRequest, _invoiceplatform_recurring_v1_ChangeFrequencyRequest__Output>
        ChangeFrequencyResponse: MessageTypeDefinition<_invoiceplatform_recurring_v1_ChangeFrequencyResponse, _invoiceplatform_recurring_v1_ChangeFrequencyResponse__Output>
        CheckLegalProfileChangeRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_CheckLegalProfileChangeRequest, _invoiceplatform_recurring_v1_CheckLegalProfileChangeRequest__Output>
        CheckLegalProfileChangeResponse: MessageTypeDefinition<_invoiceplatform_recurring_v1_CheckLegalProfileChangeResponse, _invoiceplatform_recurring_v1_CheckLegalProfileChangeResponse__Output>
        CreateSeriesRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_CreateSeriesRequest, _invoiceplatform_recurring_v1_CreateSeriesRequest__Output>
        CreateSeriesResponse: MessageTypeDefinition<_invoiceplatform_recurring_v1_CreateSeriesResponse, _invoiceplatform_recurring_v1_CreateSeriesResponse__Output>
        DeleteSeriesRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_DeleteSeriesRequest, _invoiceplatform_recurring_v1_DeleteSeriesRequest__Output>
        DeleteSeriesResponse: MessageTypeDefinition<_invoiceplatform_recurring_v1_DeleteSeriesResponse, _invoiceplatform_recurring_v1_DeleteSeriesResponse__Output>
        EditSeriesContentRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_EditSeriesContentRequest, _invoiceplatform_recurring_v1_EditSeriesContentRequest__Output>
        EditSeriesContentResponse: MessageTypeDefinition<_invoiceplatform_recurring_v1_EditSeriesContentResponse, _invoiceplatform_recurring_v1_EditSeriesContentResponse__Output>
        ExtendSeriesRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_ExtendSeriesRequest, _invoiceplatform_recurring_v1_ExtendSeriesRequest__Output>
        ExtendSeriesResponse: MessageTypeDefinition<_invoiceplatform_recurring_v1_ExtendSeriesResponse, _invoiceplatform_recurring_v1_ExtendSeriesResponse__Output>
        GeneratedInvoice: MessageTypeDefinition<_invoiceplatform_recurring_v1_GeneratedInvoice, _invoiceplatform_recurring_v1_GeneratedInvoice__Output>
        GetSeriesRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_GetSeriesRequest, _invoiceplatform_recurring_v1_GetSeriesRequest__Output>
        ListSeriesRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_ListSeriesRequest, _invoiceplatform_recurring_v1_ListSeriesRequest__Output>
        ListSeriesResponse: MessageTypeDefinition<_invoiceplatform_recurring_v1_ListSeriesResponse, _invoiceplatform_recurring_v1_ListSeriesResponse__Output>
        OccurrenceRun: MessageTypeDefinition<_invoiceplatform_recurring_v1_OccurrenceRun, _invoiceplatform_recurring_v1_OccurrenceRun__Output>
        RecurringOccurrence: MessageTypeDefinition<_invoiceplatform_recurring_v1_RecurringOccurrence, _invoiceplatform_recurring_v1_RecurringOccurrence__Output>
        RecurringSeries: MessageTypeDefinition<_invoiceplatform_recurring_v1_RecurringSeries, _invoiceplatform_recurring_v1_RecurringSeries__Output>
        RecurringService: SubtypeConstructor<typeof grpc.Client, _invoiceplatform_recurring_v1_RecurringServiceClient> & { service: _invoiceplatform_recurring_v1_RecurringServiceDefinition }
        RunSchedulerOnceRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_RunSchedulerOnceRequest, _invoiceplatform_recurring_v1_RunSchedulerOnceRequest__Output>
        RunSchedulerOnceResponse: MessageTypeDefinition<_invoiceplatform_recurring_v1_RunSchedulerOnceResponse, _invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>
        SeriesContent: MessageTypeDefinition<_invoiceplatform_recurring_v1_SeriesContent, _invoiceplatform_recurring_v1_SeriesContent__Output>
        SeriesRefusal: MessageTypeDefinition<_invoiceplatform_recurring_v1_SeriesRefusal, _invoiceplatform_recurring_v1_SeriesRefusal__Output>
        SetSeriesStatusRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_SetSeriesStatusRequest, _invoiceplatform_recurring_v1_SetSeriesStatusRequest__Output>
        SkipOccurrenceRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_SkipOccurrenceRequest, _invoiceplatform_recurring_v1_SkipOccurrenceRequest__Output>
      }
    }
  }
}

