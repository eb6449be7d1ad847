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
import type { AddCreditsRequest as _invoiceplatform_invoice_v1_AddCreditsRequest, AddCreditsRequest__Output as _invoiceplatform_invoice_v1_AddCreditsRequest__Output } from './invoiceplatform/invoice/v1/AddCreditsRequest.ts';
import type { ArchiveMismatch as _invoiceplatform_invoice_v1_ArchiveMismatch, ArchiveMismatch__Output as _invoiceplatform_invoice_v1_ArchiveMismatch__Output } from './invoiceplatform/invoice/v1/ArchiveMismatch.ts';
import type { ArchivedCopy as _invoiceplatform_invoice_v1_ArchivedCopy, ArchivedCopy__Output as _invoiceplatform_invoice_v1_ArchivedCopy__Output } from './invoiceplatform/invoice/v1/ArchivedCopy.ts';
import type { CheckGenerateRequest as _invoiceplatform_invoice_v1_CheckGenerateRequest, CheckGenerateRequest__Output as _invoiceplatform_invoice_v1_CheckGenerateRequest__Output } from './invoiceplatform/invoice/v1/CheckGenerateRequest.ts';
import type { CheckGenerateResponse as _invoiceplatform_invoice_v1_CheckGenerateResponse, CheckGenerateResponse__Output as _invoiceplatform_invoice_v1_CheckGenerateResponse__Output } from './invoiceplatform/invoice/v1/CheckGenerateResponse.ts';
import type { CreditBalance as _invoiceplatform_invoice_v1_CreditBalance, CreditBalance__Output as _invoiceplatform_invoice_v1_CreditBalance__Output } from './invoiceplatform/invoice/v1/CreditBalance.ts';
import type { CreditNote as _invoiceplatform_invoice_v1_CreditNote, CreditNote__Output as _invoiceplatform_invoice_v1_CreditNote__Output } from './invoiceplatform/invoice/v1/CreditNote.ts';
import type { EInvoiceFile as _invoiceplatform_invoice_v1_EInvoiceFile, EInvoiceFile__Output as _invoiceplatform_invoice_v1_EInvoiceFile__Output } from './invoiceplatform/invoice/v1/EInvoiceFile.ts';
import type { ElectronicAddress as _invoiceplatform_invoice_v1_ElectronicAddress, ElectronicAddress__Output as _invoiceplatform_invoice_v1_ElectronicAddress__Output } from './invoiceplatform/invoice/v1/ElectronicAddress.ts';
import type { GenerateInvoiceRequest as _invoiceplatform_invoice_v1_GenerateInvoiceRequest, GenerateInvoiceRequest__Output as _invoiceplatform_invoice_v1_GenerateInvoiceRequest__Output } from './invoiceplatform/invoice/v1/GenerateInvoiceRequest.ts';
import type { GenerateInvoiceResponse as _invoiceplatform_invoice_v1_GenerateInvoiceResponse, GenerateInvoiceResponse__Output as _invoiceplatform_invoice_v1_GenerateInvoiceResponse__Output } from './invoiceplatform/invoice/v1/GenerateInvoiceResponse.ts';
import type { GetAsIssuedRequest as _invoiceplatform_invoice_v1_GetAsIssuedRequest, GetAsIssuedRequest__Output as _invoiceplatform_invoice_v1_GetAsIssuedRequest__Output } from './invoiceplatform/invoice/v1/GetAsIssuedRequest.ts';
import type { GetCreditNoteRequest as _invoiceplatform_invoice_v1_GetCreditNoteRequest, GetCreditNoteRequest__Output as _invoiceplatform_invoice_v1_GetCreditNoteRequest__Output } from './invoiceplatform/invoice/v1/GetCreditNoteRequest.ts';
import type { GetCreditsRequest as _invoiceplatform_invoice_v1_GetCreditsRequest, GetCreditsRequest__Output as _invoiceplatform_invoice_v1_GetCreditsRequest__Output } from './invoiceplatform/invoice/v1/GetCreditsRequest.ts';
import type { GetEInvoiceRequest as _invoiceplatform_invoice_v1_GetEInvoiceRequest, GetEInvoiceRequest__Output as _invoiceplatform_invoice_v1_GetEInvoiceRequest__Output } from './invoiceplatform/invoice/v1/GetEInvoiceRequest.ts';
import type { GetInvoicePdfRequest as _invoiceplatform_invoice_v1_GetInvoicePdfRequest, GetInvoicePdfRequest__Output as _invoiceplatform_invoice_v1_GetInvoicePdfRequest__Output } from './invoiceplatform/invoice/v1/GetInvoicePdfRequest.ts';
import type { GetInvoicePdfResponse as _invoiceplatform_invoice_v1_GetInvoicePdfResponse, GetInvoicePdfResponse__Output as _invoiceplatform_invoice_v1_GetInvoicePdfResponse__Output } from './invoiceplatform/invoice/v1/GetInvoicePdfResponse.ts';
import type { GetInvoiceRequest as _invoiceplatform_invoice_v1_GetInvoiceRequest, GetInvoiceRequest__Output as _invoiceplatform_invoice_v1_GetInvoiceRequest__Output } from './invoiceplatform/invoice/v1/GetInvoiceRequest.ts';
import type { GetPublicCreditNoteRequest as _invoiceplatform_invoice_v1_GetPublicCreditNoteRequest, GetPublicCreditNoteRequest__Output as _invoiceplatform_invoice_v1_GetPublicCreditNoteRequest__Output } from './invoiceplatform/invoice/v1/GetPublicCreditNoteRequest.ts';
import type { GetPublicInvoiceRequest as _invoiceplatform_invoice_v1_GetPublicInvoiceRequest, GetPublicInvoiceRequest__Output as _invoiceplatform_invoice_v1_GetPublicInvoiceRequest__Output } from './invoiceplatform/invoice/v1/GetPublicInvoiceRequest.ts';
import type { GetRenderInputRequest as _invoiceplatform_invoice_v1_GetRenderInputRequest, GetRenderInputRequest__Output as _invoiceplatform_invoice_v1_GetRenderInputRequest__Output } from './invoiceplatform/invoice/v1/GetRenderInputRequest.ts';
import type { Invoice as _invoiceplatform_invoice_v1_Invoice, Invoice__Output as _invoiceplatform_invoice_v1_Invoice__Output } from './invoiceplatform/invoice/v1/Invoice.ts';
import type { InvoiceLine as _invoiceplatform_invoice_v1_InvoiceLine, InvoiceLine__Output as _invoiceplatform_invoice_v1_InvoiceLine__Output } from './invoiceplatform/invoice/v1/InvoiceLine.ts';
import type { InvoiceServiceClient as _invoiceplatform_invoice_v1_InvoiceServiceClient, InvoiceServiceDefinition as _invoiceplatform_invoice_v1_InvoiceServiceDefinition } from './invoiceplatform/invoice/v1/InvoiceService.ts';
import type { InvoiceSummary as _invoiceplatform_invoice_v1_InvoiceSummary, InvoiceSummary__Output as _invoiceplatform_invoice_v1_InvoiceSummary__Output } from './invoiceplatform/invoice/v1/InvoiceSummary.ts';
import type { IssueCreditNoteRequest as _invoiceplatform_invoice_v1_IssueCreditNoteRequest, IssueCreditNoteRequest__Output as _invoiceplatform_invoice_v1_IssueCreditNoteRequest__Output } from './invoiceplatform/invoice/v1/IssueCreditNoteRequest.ts';
import type { IssueCreditNoteResponse as _invoiceplatform_invoice_v1_IssueCreditNoteResponse, IssueCreditNoteResponse__Output as _invoiceplatform_invoice_v1_IssueCreditNoteResponse__Output } from './invoiceplatform/invoice/v1/IssueCreditNoteResponse.ts';
import type { Item as _invoiceplatform_invoice_v1_Item, Item__Output as _invoiceplatform_invoice_v1_Item__Output } from './invoiceplatform/invoice/v1/Item.ts';
import type { ListCreditNotesRequest as _invoiceplatform_invoice_v1_ListCreditNotesRequest, ListCreditNotesRequest__Output as _invoiceplatform_invoice_v1_ListCreditNotesRequest__Output } from './invoiceplatform/invoice/v1/ListCreditNotesRequest.ts';
import type { ListCreditNotesResponse as _invoiceplatform_invoice_v1_ListCreditNotesResponse, ListCreditNotesResponse__Output as _invoiceplatform_invoice_v1_ListCreditNotesResponse__Output } from './invoiceplatform/invoice/v1/ListCreditNotesResponse.ts';
import type { ListInvoicesRequest as _invoiceplatform_invoice_v1_ListInvoicesRequest, ListInvoicesRequest__Output as _invoiceplatform_invoice_v1_ListInvoicesRequest__Output } from './invoiceplatform/invoice/v1/ListInvoicesRequest.ts';
import type { ListInvoicesResponse as _invoiceplatform_invoice_v1_ListInvoicesResponse, ListInvoicesResponse__Output as _invoiceplatform_invoice_v1_ListInvoicesResponse__Output } from './invoiceplatform/invoice/v1/ListInvoicesResponse.ts';
import type { ListPaymentsRequest as _invoiceplatform_invoice_v1_ListPaymentsRequest, ListPaymentsRequest__Output as _invoiceplatform_invoice_v1_ListPaymentsRequest__Output } from './invoiceplatform/invoice/v1/ListPaymentsRequest.ts';
import type { ListPaymentsResponse as _invoiceplatform_invoice_v1_ListPaymentsResponse, ListPaymentsResponse__Output as _invoiceplatform_invoice_v1_ListPaymentsResponse__Output } from './invoiceplatform/invoice/v1/ListPaymentsResponse.ts';
import type { MarkPaidByPaymentRequest as _invoiceplatform_invoice_v1_MarkPaidByPaymentRequest, MarkPaidByPaymentRequest__Output as _invoiceplatform_invoice_v1_MarkPaidByPaymentRequest__Output } from './invoiceplatform/invoice/v1/MarkPaidByPaymentRequest.ts';
import type { MarkPaidByPaymentResponse as _invoiceplatform_invoice_v1_MarkPaidByPaymentResponse, MarkPaidByPaymentResponse__Output as _invoiceplatform_invoice_v1_MarkPaidByPaymentResponse__Output } from './invoiceplatform/invoice/v1/MarkPaidByPaymentResponse.ts';
import type { Payment as _invoiceplatform_invoice_v1_Payment, Payment__Output as _invoiceplatform_invoice_v1_Payment__Output } from './invoiceplatform/invoice/v1/Payment.ts';
import type { PostalAddress as _invoiceplatform_invoice_v1_PostalAddress, PostalAddress__Output as _invoiceplatform_invoice_v1_PostalAddress__Output } from './invoiceplatform/invoice/v1/PostalAddress.ts';
import type { RecordPaymentRequest as _invoiceplatform_invoice_v1_RecordPaymentRequest, RecordPaymentRequest__Output as _invoiceplatform_invoice_v1_RecordPaymentRequest__Output } from './invoiceplatform/invoice/v1/RecordPaymentRequest.ts';
import type { RecordPaymentResponse as _invoiceplatform_invoice_v1_RecordPaymentResponse, RecordPaymentResponse__Output as _invoiceplatform_invoice_v1_RecordPaymentResponse__Output } from './invoiceplatform/invoice/v1/RecordPaymentResponse.ts';
import type { RecordPdfResultRequest as _invoiceplatform_invoice_v1_RecordPdfResultRequest, RecordPdfResultRequest__Output as _invoiceplatform_invoice_v1_RecordPdfResultRequest__Output } from './invoiceplatform/invoice/v1/RecordPdfResultRequest.ts';
import type { RecordPdfResultResponse as _invoiceplatform_invoice_v1_RecordPdfResultResponse, RecordPdfResultResponse__Output as _invoiceplatform_invoice_v1_RecordPdfResultResponse__Output } from './invoiceplatform/invoice/v1/RecordPdfResultResponse.ts';
import type { RecurringInfo as _invoiceplatform_invoice_v1_RecurringInfo, RecurringInfo__Output as _invoiceplatform_invoice_v1_RecurringInfo__Output } from './invoiceplatform/invoice/v1/RecurringInfo.ts';
import type { RunOverdueSweepRequest as _invoiceplatform_invoice_v1_RunOverdueSweepRequest, RunOverdueSweepRequest__Output as _invoiceplatform_invoice_v1_RunOverdueSweepRequest__Output } from './invoiceplatform/invoice/v1/RunOverdueSweepRequest.ts';
import type { RunOverdueSweepResponse as _invoiceplatform_invoice_v1_RunOverdueSweepResponse, RunOverdueSweepResponse__Output as _invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output } from './invoiceplatform/invoice/v1/RunOverdueSweepResponse.ts';
import type { SetArchivedRequest as _invoiceplatform_invoice_v1_SetArchivedRequest, SetArchivedRequest__Output as _invoiceplatform_invoice_v1_SetArchivedRequest__Output } from './invoiceplatform/invoice/v1/SetArchivedRequest.ts';
import type { SetArchivedResponse as _invoiceplatform_invoice_v1_SetArchivedResponse, SetArchivedResponse__Output as _invoiceplatform_invoice_v1_SetArchivedResponse__Output } from './invoiceplatform/invoice/v1/SetArchivedResponse.ts';
import type { SetCreditsRequest as _invoiceplatform_invoice_v1_SetCreditsRequest, SetCreditsRequest__Output as _invoiceplatform_invoice_v1_SetCreditsRequest__Output } from './invoiceplatform/invoice/v1/SetCreditsRequest.ts';
import type { TemplateInfo as _invoiceplatform_invoice_v1_TemplateInfo, TemplateInfo__Output as _invoiceplatform_invoice_v1_TemplateInfo__Output } from './invoiceplatform/invoice/v1/TemplateInfo.ts';
import type { TestPayment as _invoiceplatform_invoice_v1_TestPayment, TestPayment__Output as _invoiceplatform_invoice_v1_TestPayment__Output } from './invoiceplatform/invoice/v1/TestPayment.ts';
import type { UpdateInvoiceStatusRequest as _invoiceplatform_invoice_v1_UpdateInvoiceStatusRequest, UpdateInvoiceStatusRequest__Output as _invoiceplatform_invoice_v1_UpdateInvoiceStatusRequest__Output } from './invoiceplatform/invoice/v1/UpdateInvoiceStatusRequest.ts';
import type { UpdateInvoiceStatusResponse as _invoiceplatform_invoice_v1_UpdateInvoiceStatusResponse, UpdateInvoiceStatusResponse__Output as _invoiceplatform_invoice_v1_UpdateInvoiceStatusResponse__Output } from './invoiceplatform/invoice/v1/UpdateInvoiceStatusResponse.ts';
import type { VerifyArchiveRequest as _invoiceplatform_invoice_v1_VerifyArchiveRequest, VerifyArchiveRequest__Output as _invoiceplatform_invoice_v1_VerifyArchiveRequest__Output } from './invoiceplatform/invoice/v1/VerifyArchiveRequest.ts';
import type { VerifyArchiveResponse as _invoiceplatform_invoice_v1_VerifyArchiveResponse, VerifyArchiveResponse__Output as _invoiceplatform_invoice_v1_VerifyArchiveResponse__Output } from './invoiceplatform/invoice/v1/VerifyArchiveResponse.ts';
import type { ArchiveFilesRequest as _invoiceplatform_pdf_v1_ArchiveFilesRequest, ArchiveFilesRequest__Output as _invoiceplatform_pdf_v1_ArchiveFilesRequest__Output } from './invoiceplatform/pdf/v1/ArchiveFilesRequest.ts';
import type { ArchiveFilesResponse as _invoiceplatform_pdf_v1_ArchiveFilesResponse, ArchiveFilesResponse__Output as _invoiceplatform_pdf_v1_ArchiveFilesResponse__Output } from './invoiceplatform/pdf/v1/ArchiveFilesResponse.ts';
import type { CreditNoteInfo as _invoiceplatform_pdf_v1_CreditNoteInfo, CreditNoteInfo__Output as _invoiceplatform_pdf_v1_CreditNoteInfo__Output } from './invoiceplatform/pdf/v1/CreditNoteInfo.ts';
import type { DeleteFileRequest as _invoiceplatform_pdf_v1_DeleteFileRequest, DeleteFileRequest__Output as _invoiceplatform_pdf_v1_DeleteFileRequest__Output } from './invoiceplatform/pdf/v1/DeleteFileRequest.ts';
import type { DeleteFileResponse as _invoiceplatform_pdf_v1_DeleteFileResponse, DeleteFileResponse__Output as _invoiceplatform_pdf_v1_DeleteFileResponse__Output } from './invoiceplatform/pdf/v1/DeleteFileResponse.ts';
import type { DeleteInvoiceFilesRequest as _invoiceplatform_pdf_v1_DeleteInvoiceFilesRequest, DeleteInvoiceFilesRequest__Output as _invoiceplatform_pdf_v1_DeleteInvoiceFilesRequest__Output } from './invoiceplatform/pdf/v1/DeleteInvoiceFilesRequest.ts';
import type { DeleteInvoiceFilesResponse as _invoiceplatform_pdf_v1_DeleteInvoiceFilesResponse, DeleteInvoiceFilesResponse__Output as _invoiceplatform_pdf_v1_DeleteInvoiceFilesResponse__Output } from './invoiceplatform/pdf/v1/DeleteInvoiceFilesResponse.ts';
import type { DeleteWorkspaceTemplateRequest as _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateRequest, DeleteWorkspaceTemplateRequest__Output as _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateRequest__Output } from './invoiceplatform/pdf/v1/DeleteWorkspaceTemplateRequest.ts';
import type { DeleteWorkspaceTemplateResponse as _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateResponse, DeleteWorkspaceTemplateResponse__Output as _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateResponse__Output } from './invoiceplatform/pdf/v1/DeleteWorkspaceTemplateResponse.ts';
import type { DocumentCreditNote as _invoiceplatform_pdf_v1_DocumentCreditNote, DocumentCreditNote__Output as _invoiceplatform_pdf_v1_DocumentCreditNote__Output } from './invoiceplatform/pdf/v1/DocumentCreditNote.ts';
import type { DocumentParty as _invoiceplatform_pdf_v1_DocumentParty, DocumentParty__Output as _invoiceplatform_pdf_v1_DocumentParty__Output } from './invoiceplatform/pdf/v1/DocumentParty.ts';
import type { DocumentPayment as _invoiceplatform_pdf_v1_DocumentPayment, DocumentPayment__Output as _invoiceplatform_pdf_v1_DocumentPayment__Output } from './invoiceplatform/pdf/v1/DocumentPayment.ts';
import type { DocumentPaymentAccount as _invoiceplatform_pdf_v1_DocumentPaymentAccount, DocumentPaymentAccount__Output as _invoiceplatform_pdf_v1_DocumentPaymentAccount__Output } from './invoiceplatform/pdf/v1/DocumentPaymentAccount.ts';
import type { FileInfo as _invoiceplatform_pdf_v1_FileInfo, FileInfo__Output as _invoiceplatform_pdf_v1_FileInfo__Output } from './invoiceplatform/pdf/v1/FileInfo.ts';
import type { GetFileRequest as _invoiceplatform_pdf_v1_GetFileRequest, GetFileRequest__Output as _invoiceplatform_pdf_v1_GetFileRequest__Output } from './invoiceplatform/pdf/v1/GetFileRequest.ts';
import type { GetFileResponse as _invoiceplatform_pdf_v1_GetFileResponse, GetFileResponse__Output as _invoiceplatform_pdf_v1_GetFileResponse__Output } from './invoiceplatform/pdf/v1/GetFileResponse.ts';
import type { InvoiceDocument as _invoiceplatform_pdf_v1_InvoiceDocument, InvoiceDocument__Output as _invoiceplatform_pdf_v1_InvoiceDocument__Output } from './invoiceplatform/pdf/v1/InvoiceDocument.ts';
import type { ListTemplatesRequest as _invoiceplatform_pdf_v1_ListTemplatesRequest, ListTemplatesRequest__Output as _invoiceplatform_pdf_v1_ListTemplatesRequest__Output } from './invoiceplatform/pdf/v1/ListTemplatesRequest.ts';
import type { ListTemplatesResponse as _invoiceplatform_pdf_v1_ListTemplatesResponse, ListTemplatesResponse__Output as _invoiceplatform_pdf_v1_ListTemplatesResponse__Output } from './invoiceplatform/pdf/v1/ListTemplatesResponse.ts';
import type { PdfServiceClient as _invoiceplatform_pdf_v1_PdfServiceClient, PdfServiceDefinition as _invoiceplatform_pdf_v1_PdfServiceDefinition } from './invoiceplatform/pdf/v1/PdfService.ts';
import type { RenderRequest as _invoiceplatform_pdf_v1_RenderRequest, RenderRequest__Output as _invoiceplatform_pdf_v1_RenderRequest__Output } from './invoiceplatform/pdf/v1/RenderRequest.ts';
import type { RenderResponse as _invoiceplatform_pdf_v1_RenderResponse, RenderResponse__Output as _invoiceplatform_pdf_v1_RenderResponse__Output } from './invoiceplatform/pdf/v1/RenderResponse.ts';
import type { ResolveTemplateRequest as _invoiceplatform_pdf_v1_ResolveTemplateRequest, ResolveTemplateRequest__Output as _invoiceplatform_pdf_v1_ResolveTemplateRequest__Output } from './invoiceplatform/pdf/v1/ResolveTemplateRequest.ts';
import type { ResolveTemplateResponse as _invoiceplatform_pdf_v1_ResolveTemplateResponse, ResolveTemplateResponse__Output as _invoiceplatform_pdf_v1_ResolveTemplateResponse__Output } from './invoiceplatform/pdf/v1/ResolveTemplateResponse.ts';
import type { SetWorkspaceDefaultTemplateRequest as _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateRequest, SetWorkspaceDefaultTemplateRequest__Output as _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateRequest__Output } from './invoiceplatform/pdf/v1/SetWorkspaceDefaultTemplateRequest.ts';
import type { SetWorkspaceDefaultTemplateResponse as _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateResponse, SetWorkspaceDefaultTemplateResponse__Output as _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateResponse__Output } from './invoiceplatform/pdf/v1/SetWorkspaceDefaultTemplateResponse.ts';
import type { StoreFileRequest as _invoiceplatform_pdf_v1_StoreFileRequest, StoreFileRequest__Output as _invoiceplatform_pdf_v1_StoreFileRequest__Output } from './invoiceplatform/pdf/v1/StoreFileRequest.ts';
import type { StoreFileResponse as _invoiceplatform_pdf_v1_StoreFileResponse, StoreFileResponse__Output as _invoiceplatform_pdf_v1_StoreFileResponse__Output } from './invoiceplatform/pdf/v1/StoreFileResponse.ts';
import type { StreamFileRequest as _invoiceplatform_pdf_v1_StreamFileRequest, StreamFileRequest__Output as _invoiceplatform_pdf_v1_StreamFileRequest__Output } from './invoiceplatform/pdf/v1/StreamFileRequest.ts';
import type { StreamFileResponse as _invoiceplatform_pdf_v1_StreamFileResponse, StreamFileResponse__Output as _invoiceplatform_pdf_v1_StreamFileResponse__Output } from './invoiceplatform/pdf/v1/StreamFileResponse.ts';
import type { Template as _invoiceplatform_pdf_v1_Template, Template__Output as _invoiceplatform_pdf_v1_Template__Output } from './invoiceplatform/pdf/v1/Template.ts';
import type { UpsertWorkspaceTemplateRequest as _invoiceplatform_pdf_v1_UpsertWorkspaceTemplateRequest, UpsertWorkspaceTemplateRequest__Output as _invoiceplatform_pdf_v1_UpsertWorkspaceTemplateRequest__Output } from './invoiceplatform/pdf/v1/UpsertWorkspaceTemplateRequest.ts';
import type { WorkspaceTemplate as _invoiceplatform_pdf_v1_WorkspaceTemplate, WorkspaceTemplate__Output as _invoiceplatform_pdf_v1_WorkspaceTemplate__Output } from './invoiceplatform/pdf/v1/WorkspaceTemplate.ts';

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
        AddCreditsRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_AddCreditsRequest, _invoiceplatform_invoice_v1_AddCreditsRequest__Output>
        ArchiveMismatch: MessageTypeDefinition<_invoiceplatform_invoice_v1_ArchiveMismatch, _invoiceplatform_invoice_v1_ArchiveMismatch__Output>
        ArchivedCopy: MessageTypeDefinition<_invoiceplatform_invoice_v1_ArchivedCopy, _invoiceplatform_invoice_v1_ArchivedCopy__Output>
        CheckGenerateRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_CheckGenerateRequest, _invoiceplatform_invoice_v1_CheckGenerateRequest__Output>
        CheckGenerateResponse: MessageTypeDefinition<_invoiceplatform_invoice_v1_CheckGenerateResponse, _invoiceplatform_invoice_v1_CheckGenerateResponse__Output>
        CreditBalance: MessageTypeDefinition<_invoiceplatform_invoice_v1_CreditBalance, _invoiceplatform_invoice_v1_CreditBalance__Output>
        CreditNote: MessageTypeDefinition<_invoiceplatform_invoice_v1_CreditNote, _invoiceplatform_invoice_v1_CreditNote__Output>
        EInvoiceFile: MessageTypeDefinition<_invoiceplatform_invoice_v1_EInvoiceFile, _invoiceplatform_invoice_v1_EInvoiceFile__Output>
        ElectronicAddress: MessageTypeDefinition<_invoiceplatform_invoice_v1_ElectronicAddress, _invoiceplatform_invoice_v1_ElectronicAddress__Output>
        GenerateInvoiceRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_GenerateInvoiceRequest, _invoiceplatform_invoice_v1_GenerateInvoiceRequest__Output>
        GenerateInvoiceResponse: MessageTypeDefinition<_invoiceplatform_invoice_v1_GenerateInvoiceResponse, _invoiceplatform_invoice_v1_GenerateInvoiceResponse__Output>
        GetAsIssuedRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_GetAsIssuedRequest, _invoiceplatform_invoice_v1_GetAsIssuedRequest__Output>
        GetCreditNoteRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_GetCreditNoteRequest, _invoiceplatform_invoice_v1_GetCreditNoteRequest__Output>
        GetCreditsRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_GetCreditsRequest, _invoiceplatform_invoice_v1_GetCreditsRequest__Output>
        GetEInvoiceRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_GetEInvoiceRequest, _invoiceplatform_invoice_v1_GetEInvoiceRequest__Output>
        GetInvoicePdfRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_GetInvoicePdfRequest, _invoiceplatform_invoice_v1_GetInvoicePdfRequest__Output>
        GetInvoicePdfResponse: MessageTypeDefinition<_invoiceplatform_invoice_v1_GetInvoicePdfResponse, _invoiceplatform_invoice_v1_GetInvoicePdfResponse__Output>
        GetInvoiceRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_GetInvoiceRequest, _invoiceplatform_invoice_v1_GetInvoiceRequest__Output>
        GetPublicCreditNoteRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_GetPublicCreditNoteRequest, _invoiceplatform_invoice_v1_GetPublicCreditNoteRequest__Output>
        GetPublicInvoiceRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_GetPublicInvoiceRequest, _invoiceplatform_invoice_v1_GetPublicInvoiceRequest__Output>
        GetRenderInputRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_GetRenderInputRequest, _invoiceplatform_invoice_v1_GetRenderInputRequest__Output>
        Invoice: MessageTypeDefinition<_invoiceplatform_invoice_v1_Invoice, _invoiceplatform_invoice_v1_Invoice__Output>
        InvoiceLine: MessageTypeDefinition<_invoiceplatform_invoice_v1_InvoiceLine, _invoiceplatform_invoice_v1_InvoiceLine__Output>
        InvoiceService: SubtypeConstructor<typeof grpc.Client, _invoiceplatform_invoice_v1_InvoiceServiceClient> & { service: _invoiceplatform_invoice_v1_InvoiceServiceDefinition }
        InvoiceSummary: MessageTypeDefinition<_invoiceplatform_invoice_v1_InvoiceSummary, _invoiceplatform_invoice_v1_InvoiceSummary__Output>
        IssueCreditNoteRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_IssueCreditNoteRequest, _invoiceplatform_invoice_v1_IssueCreditNoteRequest__Output>
        IssueCreditNoteResponse: MessageTypeDefinition<_invoiceplatform_invoice_v1_IssueCreditNoteResponse, _invoiceplatform_invoice_v1_IssueCreditNoteResponse__Output>
        Item: MessageTypeDefinition<_invoiceplatform_invoice_v1_Item, _invoiceplatform_invoice_v1_Item__Output>
        ListCreditNotesRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_ListCreditNotesRequest, _invoiceplatform_invoice_v1_ListCreditNotesRequest__Output>
        ListCreditNotesResponse: MessageTypeDefinition<_invoiceplatform_invoice_v1_ListCreditNotesResponse, _invoiceplatform_invoice_v1_ListCreditNotesResponse__Output>
        ListInvoicesRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_ListInvoicesRequest, _invoiceplatform_invoice_v1_ListInvoicesRequest__Output>
        ListInvoicesResponse: MessageTypeDefinition<_invoiceplatform_invoice_v1_ListInvoicesResponse, _invoiceplatform_invoice_v1_ListInvoicesResponse__Output>
        ListPaymentsRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_ListPaymentsRequest, _invoiceplatform_invoice_v1_ListPaymentsRequest__Output>
        ListPaymentsResponse: MessageTypeDefinition<_invoiceplatform_invoice_v1_ListPaymentsResponse, _invoiceplatform_invoice_v1_ListPaymentsResponse__Output>
        MarkPaidByPaymentRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_MarkPaidByPaymentRequest, _invoiceplatform_invoice_v1_MarkPaidByPaymentRequest__Output>
        MarkPaidByPaymentResponse: MessageTypeDefinition<_invoiceplatform_invoice_v1_MarkPaidByPaymentResponse, _invoiceplatform_invoice_v1_MarkPaidByPaymentResponse__Output>
        Payment: MessageTypeDefinition<_invoiceplatform_invoice_v1_Payment, _invoiceplatform_invoice_v1_Payment__Output>
        PostalAddress: MessageTypeDefinition<_invoiceplatform_invoice_v1_PostalAddress, _invoiceplatform_invoice_v1_PostalAddress__Output>
        RecordPaymentRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_RecordPaymentRequest, _invoiceplatform_invoice_v1_RecordPaymentRequest__Output>
        RecordPaymentResponse: MessageTypeDefinition<_invoiceplatform_invoice_v1_RecordPaymentResponse, _invoiceplatform_invoice_v1_RecordPaymentResponse__Output>
        RecordPdfResultRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_RecordPdfResultRequest, _invoiceplatform_invoice_v1_RecordPdfResultRequest__Output>
        RecordPdfResultResponse: MessageTypeDefinition<_invoiceplatform_invoice_v1_RecordPdfResultResponse, _invoiceplatform_invoice_v1_RecordPdfResultResponse__Output>
        RecurringInfo: MessageTypeDefinition<_invoiceplatform_invoice_v1_RecurringInfo, _invoiceplatform_invoice_v1_RecurringInfo__Output>
        RunOverdueSweepRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_RunOverdueSweepRequest, _invoiceplatform_invoice_v1_RunOverdueSweepRequest__Output>
        RunOverdueSweepResponse: MessageTypeDefinition<_invoiceplatform_invoice_v1_RunOverdueSweepResponse, _invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>
        SetArchivedRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_SetArchivedRequest, _invoiceplatform_invoice_v1_SetArchivedRequest__Output>
        SetArchivedResponse: MessageTypeDefinition<_invoiceplatform_invoice_v1_SetArchivedResponse, _invoiceplatform_invoice_v1_SetArchivedResponse__Output>
        SetCreditsRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_SetCreditsRequest, _invoiceplatform_invoice_v1_SetCreditsRequest__Output>
        TemplateInfo: MessageTypeDefinition<_invoiceplatform_invoice_v1_TemplateInfo, _invoiceplatform_invoice_v1_TemplateInfo__Output>
        TestPayment: MessageTypeDefinition<_invoiceplatform_invoice_v1_TestPayment, _invoiceplatform_invoice_v1_TestPayment__Output>
        UpdateInvoiceStatusRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_UpdateInvoiceStatusRequest, _invoiceplatform_invoice_v1_UpdateInvoiceStatusRequest__Output>
        UpdateInvoiceStatusResponse: MessageTypeDefinition<_invoiceplatform_invoice_v1_UpdateInvoiceStatusResponse, _invoiceplatform_invoice_v1_UpdateInvoiceStatusResponse__Output>
        VerifyArchiveRequest: MessageTypeDefinition<_invoiceplatform_invoice_v1_VerifyArchiveRequest, _invoiceplatform_invoice_v1_VerifyArchiveRequest__Output>
        VerifyArchiveResponse: MessageTypeDefinition<_invoiceplatform_invoice_v1_VerifyArchiveResponse, _invoiceplatform_invoice_v1_VerifyArchiveResponse__Output>
      }
    }
    pdf: {
      v1: {
        ArchiveFilesRequest: MessageTypeDefinition<_invoiceplatform_pdf_v1_ArchiveFilesRequest, _invoiceplatform_pdf_v1_ArchiveFilesRequest__Output>
        ArchiveFilesResponse: MessageTypeDefinition<_invoiceplatform_pdf_v1_ArchiveFilesResponse, _invoiceplatform_pdf_v1_ArchiveFilesResponse__Output>
        CreditNoteInfo: MessageTypeDefinition<_invoiceplatform_pdf_v1_CreditNoteInfo, _invoiceplatform_pdf_v1_CreditNoteInfo__Output>
        DeleteFileRequest: MessageTypeDefinition<_invoiceplatform_pdf_v1_DeleteFileRequest, _invoiceplatform_pdf_v1_DeleteFileRequest__Output>
        DeleteFileResponse: MessageTypeDefinition<_invoiceplatform_pdf_v1_DeleteFileResponse, _invoiceplatform_pdf_v1_DeleteFileResponse__Output>
        DeleteInvoiceFilesRequest: MessageTypeDefinition<_invoiceplatform_pdf_v1_DeleteInvoiceFilesRequest, _invoiceplatform_pdf_v1_DeleteInvoiceFilesRequest__Output>
        DeleteInvoiceFilesResponse: MessageTypeDefinition<_invoiceplatform_pdf_v1_DeleteInvoiceFilesResponse, _invoiceplatform_pdf_v1_DeleteInvoiceFilesResponse__Output>
        DeleteWorkspaceTemplateRequest: MessageTypeDefinition<_invoiceplatform_pdf_v1_DeleteWorkspaceTemplateRequest, _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateRequest__Output>
        DeleteWorkspaceTemplateResponse: MessageTypeDefinition<_invoiceplatform_pdf_v1_DeleteWorkspaceTemplateResponse, _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateResponse__Output>
        DocumentCreditNote: MessageTypeDefinition<_invoiceplatform_pdf_v1_DocumentCreditNote, _invoiceplatform_pdf_v1_DocumentCreditNote__Output>
        DocumentParty: MessageTypeDefinition<_invoiceplatform_pdf_v1_DocumentParty, _invoiceplatform_pdf_v1_DocumentParty__Output>
        DocumentPayment: MessageTypeDefinition<_invoiceplatform_pdf_v1_DocumentPayment, _invoiceplatform_pdf_v1_DocumentPayment__Output>
        DocumentPaymentAccount: MessageTypeDefinition<_invoiceplatform_pdf_v1_DocumentPaymentAccount, _invoiceplatform_pdf_v1_DocumentPaymentAccount__Output>
        FileInfo: MessageTypeDefinition<_invoiceplatform_pdf_v1_FileInfo, _invoiceplatform_pdf_v1_FileInfo__Output>
        GetFileRequest: MessageTypeDefinition<_invoiceplatform_pdf_v1_GetFileRequest, _invoiceplatform_pdf_v1_GetFileRequest__Output>
        GetFileResponse: MessageTypeDefinition<_invoiceplatform_pdf_v1_GetFileResponse, _invoiceplatform_pdf_v1_GetFileResponse__Output>
        InvoiceDocument: MessageTypeDefinition<_invoiceplatform_pdf_v1_InvoiceDocument, _invoiceplatform_pdf_v1_InvoiceDocument__Output>
        ListTemplatesRequest: MessageTypeDefinition<_invoiceplatform_pdf_v1_ListTemplatesRequest, _invoiceplatform_pdf_v1_ListTemplatesRequest__Output>
        ListTemplatesResponse: MessageTypeDefinition<_invoiceplatform_pdf_v1_ListTemplatesResponse, _invoiceplatform_pdf_v1_ListTemplatesResponse__Output>
        PdfService: SubtypeConstructor<typeof grpc.Client, _invoiceplatform_pdf_v1_PdfServiceClient> & { service: _invoiceplatform_pdf_v1_PdfServiceDefinition }
        RenderRequest: MessageTypeDefinition<_invoiceplatform_pdf_v1_RenderRequest, _invoiceplatform_pdf_v1_RenderRequest__Output>
        RenderResponse: MessageTypeDefinition<_invoiceplatform_pdf_v1_RenderResponse, _invoiceplatform_pdf_v1_RenderResponse__Output>
        ResolveTemplateRequest: MessageTypeDefinition<_invoiceplatform_pdf_v1_ResolveTemplateRequest, _invoiceplatform_pdf_v1_ResolveTemplateRequest__Output>
        ResolveTemplateResponse: MessageTypeDefinition<_invoiceplatform_pdf_v1_ResolveTemplateResponse, _invoiceplatform_pdf_v1_ResolveTemplateResponse__Output>
        SetWorkspaceDefaultTemplateRequest: MessageTypeDefinition<_invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateRequest, _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateRequest__Output>
        SetWorkspaceDefaultTemplateResponse: MessageTypeDefinition<_invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateResponse, _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateResponse__Output>
        StoreFileRequest: MessageTypeDefinition<_invoiceplatform_pdf_v1_StoreFileRequest, _invoiceplatform_pdf_v1_StoreFileRequest__Output>
        StoreFileResponse: MessageTypeDefinition<_invoiceplatform_pdf_v1_StoreFileResponse, _invoiceplatform_pdf_v1_StoreFileResponse__Output>
        StreamFileRequest: MessageTypeDefinition<_invoiceplatform_pdf_v1_StreamFileRequest, _invoiceplatform_pdf_v1_StreamFileRequest__Output>
        StreamFileResponse: MessageTypeDefinition<_invoiceplatform_pdf_v1_StreamFileResponse, _invoiceplatform_pdf_v1_StreamFileResponse__Output>
        Template: MessageTypeDefinition<_invoiceplatform_pdf_v1_Template, _invoiceplatform_pdf_v1_Template__Output>
        UpsertWorkspaceTemplateRequest: MessageTypeDefinition<_invoiceplatform_pdf_v1_UpsertWorkspaceTemplateRequest, _invoiceplatform_pdf_v1_UpsertWorkspaceTemplateRequest__Output>
        WorkspaceTemplate: MessageTypeDefinition<_invoiceplatform_pdf_v1_WorkspaceTemplate, _invoiceplatform_pdf_v1_WorkspaceTemplate__Output>
      }
    }
  }
}

