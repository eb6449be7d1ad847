// Original file: protos/invoiceplatform/invoice/v1/invoice.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AddCreditsRequest as _invoiceplatform_invoice_v1_AddCreditsRequest, AddCreditsRequest__Output as _invoiceplatform_invoice_v1_AddCreditsRequest__Output } from '../../../invoiceplatform/invoice/v1/AddCreditsRequest.ts';
import type { ArchivedCopy as _invoiceplatform_invoice_v1_ArchivedCopy, ArchivedCopy__Output as _invoiceplatform_invoice_v1_ArchivedCopy__Output } from '../../../invoiceplatform/invoice/v1/ArchivedCopy.ts';
import type { CheckGenerateRequest as _invoiceplatform_invoice_v1_CheckGenerateRequest, CheckGenerateRequest__Output as _invoiceplatform_invoice_v1_CheckGenerateRequest__Output } from '../../../invoiceplatform/invoice/v1/CheckGenerateRequest.ts';
import type { CheckGenerateResponse as _invoiceplatform_invoice_v1_CheckGenerateResponse, CheckGenerateResponse__Output as _invoiceplatform_invoice_v1_CheckGenerateResponse__Output } from '../../../invoiceplatform/invoice/v1/CheckGenerateResponse.ts';
import type { CreditBalance as _invoiceplatform_invoice_v1_CreditBalance, CreditBalance__Output as _invoiceplatform_invoice_v1_CreditBalance__Output } from '../../../invoiceplatform/invoice/v1/CreditBalance.ts';
import type { CreditNote as _invoiceplatform_invoice_v1_CreditNote, CreditNote__Output as _invoiceplatform_invoice_v1_CreditNote__Output } from '../../../invoiceplatform/invoice/v1/CreditNote.ts';
import type { EInvoiceFile as _invoiceplatform_invoice_v1_EInvoiceFile, EInvoiceFile__Output as _invoiceplatform_invoice_v1_EInvoiceFile__Output } from '../../../invoiceplatform/invoice/v1/EInvoiceFile.ts';
import type { GenerateInvoiceRequest as _invoiceplatform_invoice_v1_GenerateInvoiceRequest, GenerateInvoiceRequest__Output as _invoiceplatform_invoice_v1_GenerateInvoiceRequest__Output } from '../../../invoiceplatform/invoice/v1/GenerateInvoiceRequest.ts';
import type { GenerateInvoiceResponse as _invoiceplatform_invoice_v1_GenerateInvoiceResponse, GenerateInvoiceResponse__Output as _invoiceplatform_invoice_v1_GenerateInvoiceResponse__Output } from '../../../invoiceplatform/invoice/v1/GenerateInvoiceResponse.ts';
import type { GetAsIssuedRequest as _invoiceplatform_invoice_v1_GetAsIssuedRequest, GetAsIssuedRequest__Output as _invoiceplatform_invoice_v1_GetAsIssuedRequest__Output } from '../../../invoiceplatform/invoice/v1/GetAsIssuedRequest.ts';
import type { GetCreditNoteRequest as _invoiceplatform_invoice_v1_GetCreditNoteRequest, GetCreditNoteRequest__Output as _invoiceplatform_invoice_v1_GetCreditNoteRequest__Output } from '../../../invoiceplatform/invoice/v1/GetCreditNoteRequest.ts';
import type { GetCreditsRequest as _invoiceplatform_invoice_v1_GetCreditsRequest, GetCreditsRequest__Output as _invoiceplatform_invoice_v1_GetCreditsRequest__Output } from '../../../invoiceplatform/invoice/v1/GetCreditsRequest.ts';
import type { GetEInvoiceRequest as _invoiceplatform_invoice_v1_GetEInvoiceRequest, GetEInvoiceRequest__Output as _invoiceplatform_invoice_v1_GetEInvoiceRequest__Output } from '../../../invoiceplatform/invoice/v1/GetEInvoiceRequest.ts';
import type { GetInvoicePdfRequest as _invoiceplatform_invoice_v1_GetInvoicePdfRequest, GetInvoicePdfRequest__Output as _invoiceplatform_invoice_v1_GetInvoicePdfRequest__Output } from '../../../invoiceplatform/invoice/v1/GetInvoicePdfRequest.ts';
import type { GetInvoicePdfResponse as _invoiceplatform_invoice_v1_GetInvoicePdfResponse, GetInvoicePdfResponse__Output as _invoiceplatform_invoice_v1_GetInvoicePdfResponse__Output } from '../../../invoiceplatform/invoice/v1/GetInvoicePdfResponse.ts';
import type { GetInvoiceRequest as _invoiceplatform_invoice_v1_GetInvoiceRequest, GetInvoiceRequest__Output as _invoiceplatform_invoice_v1_GetInvoiceRequest__Output } from '../../../invoiceplatform/invoice/v1/GetInvoiceRequest.ts';
import type { GetPublicCreditNoteRequest as _invoiceplatform_invoice_v1_GetPublicCreditNoteRequest, GetPublicCreditNoteRequest__Output as _invoiceplatform_invoice_v1_GetPublicCreditNoteRequest__Output } from '../../../invoiceplatform/invoice/v1/GetPublicCreditNoteRequest.ts';
import type { GetPublicInvoiceRequest as _invoiceplatform_invoice_v1_GetPublicInvoiceRequest, GetPublicInvoiceRequest__Output as _invoiceplatform_invoice_v1_GetPublicInvoiceRequest__Output } from '../../../invoiceplatform/invoice/v1/GetPublicInvoiceRequest.ts';
import type { GetRenderInputRequest as _invoiceplatform_invoice_v1_GetRenderInputRequest, GetRenderInputRequest__Output as _invoiceplatform_invoice_v1_GetRenderInputRequest__Output } from '../../../invoiceplatform/invoice/v1/GetRenderInputRequest.ts';
import type { Invoice as _invoiceplatform_invoice_v1_Invoice, Invoice__Output as _invoiceplatform_invoice_v1_Invoice__Output } from '../../../invoiceplatform/invoice/v1/Invoice.ts';
import type { IssueCreditNoteRequest as _invoiceplatform_invoice_v1_IssueCreditNoteRequest, IssueCreditNoteRequest__Output as _invoiceplatform_invoice_v1_IssueCreditNoteRequest__Output } from '../../../invoiceplatform/invoice/v1/IssueCreditNoteRequest.ts';
import type { IssueCreditNoteResponse as _invoiceplatform_invoice_v1_IssueCreditNoteResponse, IssueCreditNoteResponse__Output as _invoiceplatform_invoice_v1_IssueCreditNoteResponse__Output } from '../../../invoiceplatform/invoice/v1/IssueCreditNoteResponse.ts';
import type { ListCreditNotesRequest as _invoiceplatform_invoice_v1_ListCreditNotesRequest, ListCreditNotesRequest__Output as _invoiceplatform_invoice_v1_ListCreditNotesRequest__Output } from '../../../invoiceplatform/invoice/v1/ListCreditNotesRequest.ts';
import type { ListCreditNotesResponse as _invoiceplatform_invoice_v1_ListCreditNotesResponse, ListCreditNotesResponse__Output as _invoiceplatform_invoice_v1_ListCreditNotesResponse__Output } from '../../../invoiceplatform/invoice/v1/ListCreditNotesResponse.ts';
import type { ListInvoicesRequest as _invoiceplatform_invoice_v1_ListInvoicesRequest, ListInvoicesRequest__Output as _invoiceplatform_invoice_v1_ListInvoicesRequest__Output } from '../../../invoiceplatform/invoice/v1/ListInvoicesRequest.ts';
import type { ListInvoicesResponse as _invoiceplatform_invoice_v1_ListInvoicesResponse, ListInvoicesResponse__Output as _invoiceplatform_invoice_v1_ListInvoicesResponse__Output } from '../../../invoiceplatform/invoice/v1/ListInvoicesResponse.ts';
import type { ListPaymentsRequest as _invoiceplatform_invoice_v1_ListPaymentsRequest, ListPaymentsRequest__Output as _invoiceplatform_invoice_v1_ListPaymentsRequest__Output } from '../../../invoiceplatform/invoice/v1/ListPaymentsRequest.ts';
import type { ListPaymentsResponse as _invoiceplatform_invoice_v1_ListPaymentsResponse, ListPaymentsResponse__Output as _invoiceplatform_invoice_v1_ListPaymentsResponse__Output } from '../../../invoiceplatform/invoice/v1/ListPaymentsResponse.ts';
import type { MarkPaidByPaymentRequest as _invoiceplatform_invoice_v1_MarkPaidByPaymentRequest, MarkPaidByPaymentRequest__Output as _invoiceplatform_invoice_v1_MarkPaidByPaymentRequest__Output } from '../../../invoiceplatform/invoice/v1/MarkPaidByPaymentRequest.ts';
import type { MarkPaidByPaymentResponse as _invoiceplatform_invoice_v1_MarkPaidByPaymentResponse, MarkPaidByPaymentResponse__Output as _invoiceplatform_invoice_v1_MarkPaidByPaymentResponse__Output } from '../../../invoiceplatform/invoice/v1/MarkPaidByPaymentResponse.ts';
import type { RecordPaymentRequest as _invoiceplatform_invoice_v1_RecordPaymentRequest, RecordPaymentRequest__Output as _invoiceplatform_invoice_v1_RecordPaymentRequest__Output } from '../../../invoiceplatform/invoice/v1/RecordPaymentRequest.ts';
import type { RecordPaymentResponse as _invoiceplatform_invoice_v1_RecordPaymentResponse, RecordPaymentResponse__Output as _invoiceplatform_invoice_v1_RecordPaymentResponse__Output } from '../../../invoiceplatform/invoice/v1/RecordPaymentResponse.ts';
import type { RecordPdfResultRequest as _invoiceplatform_invoice_v1_RecordPdfResultRequest, RecordPdfResultRequest__Output as _invoiceplatform_invoice_v1_RecordPdfResultRequest__Output } from '../../../invoiceplatform/invoice/v1/RecordPdfResultRequest.ts';
import type { RecordPdfResultResponse as _invoiceplatform_invoice_v1_RecordPdfResultResponse, RecordPdfResultResponse__Output as _invoiceplatform_invoice_v1_RecordPdfResultResponse__Output } from '../../../invoiceplatform/invoice/v1/RecordPdfResultResponse.ts';
import type { RenderRequest as _invoiceplatform_pdf_v1_RenderRequest, RenderRequest__Output as _invoiceplatform_pdf_v1_RenderRequest__Output } from '../../../invoiceplatform/pdf/v1/RenderRequest.ts';
import type { RunOverdueSweepRequest as _invoiceplatform_invoice_v1_RunOverdueSweepRequest, RunOverdueSweepRequest__Output as _invoiceplatform_invoice_v1_RunOverdueSweepRequest__Output } from '../../../invoiceplatform/invoice/v1/RunOverdueSweepRequest.ts';
import type { RunOverdueSweepResponse as _invoiceplatform_invoice_v1_RunOverdueSweepResponse, RunOverdueSweepResponse__Output as _invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output } from '../../../invoiceplatform/invoice/v1/RunOverdueSweepResponse.ts';
import type { SetArchivedRequest as _invoiceplatform_invoice_v1_SetArchivedRequest, SetArchivedRequest__Output as _invoiceplatform_invoice_v1_SetArchivedRequest__Output } from '../../../invoiceplatform/invoice/v1/SetArchivedRequest.ts';
import type { SetArchivedResponse as _invoiceplatform_invoice_v1_SetArchivedResponse, SetArchivedResponse__Output as _invoiceplatform_invoice_v1_SetArchivedResponse__Output } from '../../../invoiceplatform/invoice/v1/SetArchivedResponse.ts';
import type { SetCreditsRequest as _invoiceplatform_invoice_v1_SetCreditsRequest, SetCreditsRequest__Output as _invoiceplatform_invoice_v1_SetCreditsRequest__Output } from '../../../invoiceplatform/invoice/v1/SetCreditsRequest.ts';
import type { UpdateInvoiceStatusRequest as _invoiceplatform_invoice_v1_UpdateInvoiceStatusRequest, UpdateInvoiceStatusRequest__Output as _invoiceplatform_invoice_v1_UpdateInvoiceStatusRequest__Output } from '../../../invoiceplatform/invoice/v1/UpdateInvoiceStatusRequest.ts';
import type { UpdateInvoiceStatusResponse as _invoiceplatform_invoice_v1_UpdateInvoiceStatusResponse, UpdateInvoiceStatusResponse__Output as _invoiceplatform_invoice_v1_UpdateInvoiceStatusResponse__Output } from '../../../invoiceplatform/invoice/v1/UpdateInvoiceStatusResponse.ts';
import type { VerifyArchiveRequest as _invoiceplatform_invoice_v1_VerifyArchiveRequest, VerifyArchiveRequest__Output as _invoiceplatform_invoice_v1_VerifyArchiveRequest__Output } from '../../../invoiceplatform/invoice/v1/VerifyArchiveRequest.ts';
import type { VerifyArchiveResponse as _invoiceplatform_invoice_v1_VerifyArchiveResponse, VerifyArchiveResponse__Output as _invoiceplatform_invoice_v1_VerifyArchiveResponse__Output } from '../../../invoiceplatform/invoice/v1/VerifyArchiveResponse.ts';

export interface InvoiceServiceClient extends grpc.Client {
  AddCredits(argument: _invoiceplatform_invoice_v1_AddCreditsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  AddCredits(argument: _invoiceplatform_invoice_v1_AddCreditsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  AddCredits(argument: _invoiceplatform_invoice_v1_AddCreditsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  AddCredits(argument: _invoiceplatform_invoice_v1_AddCreditsRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  addCredits(argument: _invoiceplatform_invoice_v1_AddCreditsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  addCredits(argument: _invoiceplatform_invoice_v1_AddCreditsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  addCredits(argument: _invoiceplatform_invoice_v1_AddCreditsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  addCredits(argument: _invoiceplatform_invoice_v1_AddCreditsRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  
  CheckGenerate(argument: _invoiceplatform_invoice_v1_CheckGenerateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CheckGenerateResponse__Output>): grpc.ClientUnaryCall;
  CheckGenerate(argument: _invoiceplatform_invoice_v1_CheckGenerateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CheckGenerateResponse__Output>): grpc.ClientUnaryCall;
  CheckGenerate(argument: _invoiceplatform_invoice_v1_CheckGenerateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CheckGenerateResponse__Output>): grpc.ClientUnaryCall;
  CheckGenerate(argument: _invoiceplatform_invoice_v1_CheckGenerateRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CheckGenerateResponse__Output>): grpc.ClientUnaryCall;
  checkGenerate(argument: _invoiceplatform_invoice_v1_CheckGenerateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CheckGenerateResponse__Output>): grpc.ClientUnaryCall;
  checkGenerate(argument: _invoiceplatform_invoice_v1_CheckGenerateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CheckGenerateResponse__Output>): grpc.ClientUnaryCall;
  checkGenerate(argument: _invoiceplatform_invoice_v1_CheckGenerateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CheckGenerateResponse__Output>): grpc.ClientUnaryCall;
  checkGenerate(argument: _invoiceplatform_invoice_v1_CheckGenerateRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CheckGenerateResponse__Output>): grpc.ClientUnaryCall;
  
  GenerateInvoice(argument: _invoiceplatform_invoice_v1_GenerateInvoiceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_GenerateInvoiceResponse__Output>): grpc.ClientUnaryCall;
  GenerateInvoice(argument: _invoiceplatform_invoice_v1_GenerateInvoiceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_GenerateInvoiceResponse__Output>): grpc.ClientUnaryCall;
  GenerateInvoice(argument: _invoiceplatform_invoice_v1_GenerateInvoiceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_GenerateInvoiceResponse__Output>): grpc.ClientUnaryCall;
  GenerateInvoice(argument: _invoiceplatform_invoice_v1_GenerateInvoiceRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_GenerateInvoiceResponse__Output>): grpc.ClientUnaryCall;
  generateInvoice(argument: _invoiceplatform_invoice_v1_GenerateInvoiceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_GenerateInvoiceResponse__Output>): grpc.ClientUnaryCall;
  generateInvoice(argument: _invoiceplatform_invoice_v1_GenerateInvoiceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_GenerateInvoiceResponse__Output>): grpc.ClientUnaryCall;
  generateInvoice(argument: _invoiceplatform_invoice_v1_GenerateInvoiceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_GenerateInvoiceResponse__Output>): grpc.ClientUnaryCall;
  generateInvoice(argument: _invoiceplatform_invoice_v1_GenerateInvoiceRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_GenerateInvoiceResponse__Output>): grpc.ClientUnaryCall;
  
  GetAsIssued(argument: _invoiceplatform_invoice_v1_GetAsIssuedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ArchivedCopy__Output>): grpc.ClientUnaryCall;
  GetAsIssued(argument: _invoiceplatform_invoice_v1_GetAsIssuedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ArchivedCopy__Output>): grpc.ClientUnaryCall;
  GetAsIssued(argument: _invoiceplatform_invoice_v1_GetAsIssuedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ArchivedCopy__Output>): grpc.ClientUnaryCall;
  GetAsIssued(argument: _invoiceplatform_invoice_v1_GetAsIssuedRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ArchivedCopy__Output>): grpc.ClientUnaryCall;
  getAsIssued(argument: _invoiceplatform_invoice_v1_GetAsIssuedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ArchivedCopy__Output>): grpc.ClientUnaryCall;
  getAsIssued(argument: _invoiceplatform_invoice_v1_GetAsIssuedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ArchivedCopy__Output>): grpc.ClientUnaryCall;
  getAsIssued(argument: _invoiceplatform_invoice_v1_GetAsIssuedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ArchivedCopy__Output>): grpc.ClientUnaryCall;
  getAsIssued(argument: _invoiceplatform_invoice_v1_GetAsIssuedRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ArchivedCopy__Output>): grpc.ClientUnaryCall;
  
  GetCreditNote(argument: _invoiceplatform_invoice_v1_GetCreditNoteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditNote__Output>): grpc.ClientUnaryCall;
  GetCreditNote(argument: _invoiceplatform_invoice_v1_GetCreditNoteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditNote__Output>): grpc.ClientUnaryCall;
  GetCreditNote(argument: _invoiceplatform_invoice_v1_GetCreditNoteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditNote__Output>): grpc.ClientUnaryCall;
  GetCreditNote(argument: _invoiceplatform_invoice_v1_GetCreditNoteRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditNote__Output>): grpc.ClientUnaryCall;
  getCreditNote(argument: _invoiceplatform_invoice_v1_GetCreditNoteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditNote__Output>): grpc.ClientUnaryCall;
  getCreditNote(argument: _invoiceplatform_invoice_v1_GetCreditNoteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditNote__Output>): grpc.ClientUnaryCall;
  getCreditNote(argument: _invoiceplatform_invoice_v1_GetCreditNoteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditNote__Output>): grpc.ClientUnaryCall;
  getCreditNote(argument: _invoiceplatform_invoice_v1_GetCreditNoteRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditNote__Output>): grpc.ClientUnaryCall;
  
  GetCreditNoteEInvoice(argument: _invoiceplatform_invoice_v1_GetCreditNoteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  GetCreditNoteEInvoice(argument: _invoiceplatform_invoice_v1_GetCreditNoteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  GetCreditNoteEInvoice(argument: _invoiceplatform_invoice_v1_GetCreditNoteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  GetCreditNoteEInvoice(argument: _invoiceplatform_invoice_v1_GetCreditNoteRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  getCreditNoteEInvoice(argument: _invoiceplatform_invoice_v1_GetCreditNoteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  getCreditNoteEInvoice(argument: _invoiceplatform_invoice_v1_GetCreditNoteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  getCreditNoteEInvoice(argument: _invoiceplatform_invoice_v1_GetCreditNoteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  getCreditNoteEInvoice(argument: _invoiceplatform_invoice_v1_GetCreditNoteRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  
  GetCredits(argument: _invoiceplatform_invoice_v1_GetCreditsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  GetCredits(argument: _invoiceplatform_invoice_v1_GetCreditsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  GetCredits(argument: _invoiceplatform_invoice_v1_GetCreditsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  GetCredits(argument: _invoiceplatform_invoice_v1_GetCreditsRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  getCredits(argument: _invoiceplatform_invoice_v1_GetCreditsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  getCredits(argument: _invoiceplatform_invoice_v1_GetCreditsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  getCredits(argument: _invoiceplatform_invoice_v1_GetCreditsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  getCredits(argument: _invoiceplatform_invoice_v1_GetCreditsRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  
  GetEInvoice(argument: _invoiceplatform_invoice_v1_GetEInvoiceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  GetEInvoice(argument: _invoiceplatform_invoice_v1_GetEInvoiceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  GetEInvoice(argument: _invoiceplatform_invoice_v1_GetEInvoiceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  GetEInvoice(argument: _invoiceplatform_invoice_v1_GetEInvoiceRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  getEInvoice(argument: _invoiceplatform_invoice_v1_GetEInvoiceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  getEInvoice(argument: _invoiceplatform_invoice_v1_GetEInvoiceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  getEInvoice(argument: _invoiceplatform_invoice_v1_GetEInvoiceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  getEInvoice(argument: _invoiceplatform_invoice_v1_GetEInvoiceRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  
  GetInvoice(argument: _invoiceplatform_invoice_v1_GetInvoiceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_Invoice__Output>): grpc.ClientUnaryCall;
  GetInvoice(argument: _invoiceplatform_invoice_v1_GetInvoiceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_Invoice__Output>): grpc.ClientUnaryCall;
  GetInvoice(argument: _invoiceplatform_invoice_v1_GetInvoiceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_Invoice__Output>): grpc.ClientUnaryCall;
  GetInvoice(argument: _invoiceplatform_invoice_v1_GetInvoiceRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_Invoice__Output>): grpc.ClientUnaryCall;
  getInvoice(argument: _invoiceplatform_invoice_v1_GetInvoiceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_Invoice__Output>): grpc.ClientUnaryCall;
  getInvoice(argument: _invoiceplatform_invoice_v1_GetInvoiceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_Invoice__Output>): grpc.ClientUnaryCall;
  getInvoice(argument: _invoiceplatform_invoice_v1_GetInvoiceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_Invoice__Output>): grpc.ClientUnaryCall;
  getInvoice(argument: _invoiceplatform_invoice_v1_GetInvoiceRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_Invoice__Output>): grpc.ClientUnaryCall;
  
  GetInvoicePdf(argument: _invoiceplatform_invoice_v1_GetInvoicePdfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_GetInvoicePdfResponse__Output>): grpc.ClientUnaryCall;
  GetInvoicePdf(argument: _invoiceplatform_invoice_v1_GetInvoicePdfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_GetInvoicePdfResponse__Output>): grpc.ClientUnaryCall;
  GetInvoicePdf(argument: _invoiceplatform_invoice_v1_GetInvoicePdfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_GetInvoicePdfResponse__Output>): grpc.ClientUnaryCall;
  GetInvoicePdf(argument: _invoiceplatform_invoice_v1_GetInvoicePdfRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_GetInvoicePdfResponse__Output>): grpc.ClientUnaryCall;
  getInvoicePdf(argument: _invoiceplatform_invoice_v1_GetInvoicePdfRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_GetInvoicePdfResponse__Output>): grpc.ClientUnaryCall;
  getInvoicePdf(argument: _invoiceplatform_invoice_v1_GetInvoicePdfRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_GetInvoicePdfResponse__Output>): grpc.ClientUnaryCall;
  getInvoicePdf(argument: _invoiceplatform_invoice_v1_GetInvoicePdfRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_GetInvoicePdfResponse__Output>): grpc.ClientUnaryCall;
  getInvoicePdf(argument: _invoiceplatform_invoice_v1_GetInvoicePdfRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_GetInvoicePdfResponse__Output>): grpc.ClientUnaryCall;
  
  GetPublicCreditNote(argument: _invoiceplatform_invoice_v1_GetPublicCreditNoteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditNote__Output>): grpc.ClientUnaryCall;
  GetPublicCreditNote(argument: _invoiceplatform_invoice_v1_GetPublicCreditNoteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditNote__Output>): grpc.ClientUnaryCall;
  GetPublicCreditNote(argument: _invoiceplatform_invoice_v1_GetPublicCreditNoteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditNote__Output>): grpc.ClientUnaryCall;
  GetPublicCreditNote(argument: _invoiceplatform_invoice_v1_GetPublicCreditNoteRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditNote__Output>): grpc.ClientUnaryCall;
  getPublicCreditNote(argument: _invoiceplatform_invoice_v1_GetPublicCreditNoteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditNote__Output>): grpc.ClientUnaryCall;
  getPublicCreditNote(argument: _invoiceplatform_invoice_v1_GetPublicCreditNoteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditNote__Output>): grpc.ClientUnaryCall;
  getPublicCreditNote(argument: _invoiceplatform_invoice_v1_GetPublicCreditNoteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditNote__Output>): grpc.ClientUnaryCall;
  getPublicCreditNote(argument: _invoiceplatform_invoice_v1_GetPublicCreditNoteRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditNote__Output>): grpc.ClientUnaryCall;
  
  GetPublicEInvoice(argument: _invoiceplatform_invoice_v1_GetPublicInvoiceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  GetPublicEInvoice(argument: _invoiceplatform_invoice_v1_GetPublicInvoiceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  GetPublicEInvoice(argument: _invoiceplatform_invoice_v1_GetPublicInvoiceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  GetPublicEInvoice(argument: _invoiceplatform_invoice_v1_GetPublicInvoiceRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  getPublicEInvoice(argument: _invoiceplatform_invoice_v1_GetPublicInvoiceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  getPublicEInvoice(argument: _invoiceplatform_invoice_v1_GetPublicInvoiceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  getPublicEInvoice(argument: _invoiceplatform_invoice_v1_GetPublicInvoiceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  getPublicEInvoice(argument: _invoiceplatform_invoice_v1_GetPublicInvoiceRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_EInvoiceFile__Output>): grpc.ClientUnaryCall;
  
  GetPublicInvoice(argument: _invoiceplatform_invoice_v1_GetPublicInvoiceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_Invoice__Output>): grpc.ClientUnaryCall;
  GetPublicInvoice(argument: _invoiceplatform_invoice_v1_GetPublicInvoiceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_Invoice__Output>): grpc.ClientUnaryCall;
  GetPublicInvoice(argument: _invoiceplatform_invoice_v1_GetPublicInvoiceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_Invoice__Output>): grpc.ClientUnaryCall;
  GetPublicInvoice(argument: _invoiceplatform_invoice_v1_GetPublicInvoiceRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_Invoice__Output>): grpc.ClientUnaryCall;
  getPublicInvoice(argument: _invoiceplatform_invoice_v1_GetPublicInvoiceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_Invoice__Output>): grpc.ClientUnaryCall;
  getPublicInvoice(argument: _invoiceplatform_invoice_v1_GetPublicInvoiceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_Invoice__Output>): grpc.ClientUnaryCall;
  getPublicInvoice(argument: _invoiceplatform_invoice_v1_GetPublicInvoiceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_Invoice__Output>): grpc.ClientUnaryCall;
  getPublicInvoice(argument: _invoiceplatform_invoice_v1_GetPublicInvoiceRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_Invoice__Output>): grpc.ClientUnaryCall;
  
  GetRenderInput(argument: _invoiceplatform_invoice_v1_GetRenderInputRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_RenderRequest__Output>): grpc.ClientUnaryCall;
  GetRenderInput(argument: _invoiceplatform_invoice_v1_GetRenderInputRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_RenderRequest__Output>): grpc.ClientUnaryCall;
  GetRenderInput(argument: _invoiceplatform_invoice_v1_GetRenderInputRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_RenderRequest__Output>): grpc.ClientUnaryCall;
  GetRenderInput(argument: _invoiceplatform_invoice_v1_GetRenderInputRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_RenderRequest__Output>): grpc.ClientUnaryCall;
  getRenderInput(argument: _invoiceplatform_invoice_v1_GetRenderInputRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_RenderRequest__Output>): grpc.ClientUnaryCall;
  getRenderInput(argument: _invoiceplatform_invoice_v1_GetRenderInputRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_RenderRequest__Output>): grpc.ClientUnaryCall;
  getRenderInput(argument: _invoiceplatform_invoice_v1_GetRenderInputRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_RenderRequest__Output>): grpc.ClientUnaryCall;
  getRenderInput(argument: _invoiceplatform_invoice_v1_GetRenderInputRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_RenderRequest__Output>): grpc.ClientUnaryCall;
  
  IssueCreditNote(argument: _invoiceplatform_invoice_v1_IssueCreditNoteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_IssueCreditNoteResponse__Output>): grpc.ClientUnaryCall;
  IssueCreditNote(argument: _invoiceplatform_invoice_v1_IssueCreditNoteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_IssueCreditNoteResponse__Output>): grpc.ClientUnaryCall;
  IssueCreditNote(argument: _invoiceplatform_invoice_v1_IssueCreditNoteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_IssueCreditNoteResponse__Output>): grpc.ClientUnaryCall;
  IssueCreditNote(argument: _invoiceplatform_invoice_v1_IssueCreditNoteRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_IssueCreditNoteResponse__Output>): grpc.ClientUnaryCall;
  issueCreditNote(argument: _invoiceplatform_invoice_v1_IssueCreditNoteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_IssueCreditNoteResponse__Output>): grpc.ClientUnaryCall;
  issueCreditNote(argument: _invoiceplatform_invoice_v1_IssueCreditNoteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_IssueCreditNoteResponse__Output>): grpc.ClientUnaryCall;
  issueCreditNote(argument: _invoiceplatform_invoice_v1_IssueCreditNoteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_IssueCreditNoteResponse__Output>): grpc.ClientUnaryCall;
  issueCreditNote(argument: _invoiceplatform_invoice_v1_IssueCreditNoteRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_IssueCreditNoteResponse__Output>): grpc.ClientUnaryCall;
  
  ListCreditNotes(argument: _invoiceplatform_invoice_v1_ListCreditNotesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListCreditNotesResponse__Output>): grpc.ClientUnaryCall;
  ListCreditNotes(argument: _invoiceplatform_invoice_v1_ListCreditNotesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListCreditNotesResponse__Output>): grpc.ClientUnaryCall;
  ListCreditNotes(argument: _invoiceplatform_invoice_v1_ListCreditNotesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListCreditNotesResponse__Output>): grpc.ClientUnaryCall;
  ListCreditNotes(argument: _invoiceplatform_invoice_v1_ListCreditNotesRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListCreditNotesResponse__Output>): grpc.ClientUnaryCall;
  listCreditNotes(argument: _invoiceplatform_invoice_v1_ListCreditNotesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListCreditNotesResponse__Output>): grpc.ClientUnaryCall;
  listCreditNotes(argument: _invoiceplatform_invoice_v1_ListCreditNotesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListCreditNotesResponse__Output>): grpc.ClientUnaryCall;
  listCreditNotes(argument: _invoiceplatform_invoice_v1_ListCreditNotesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListCreditNotesResponse__Output>): grpc.ClientUnaryCall;
  listCreditNotes(argument: _invoiceplatform_invoice_v1_ListCreditNotesRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListCreditNotesResponse__Output>): grpc.ClientUnaryCall;
  
  ListInvoices(argument: _invoiceplatform_invoice_v1_ListInvoicesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListInvoicesResponse__Output>): grpc.ClientUnaryCall;
  ListInvoices(argument: _invoiceplatform_invoice_v1_ListInvoicesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListInvoicesResponse__Output>): grpc.ClientUnaryCall;
  ListInvoices(argument: _invoiceplatform_invoice_v1_ListInvoicesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListInvoicesResponse__Output>): grpc.ClientUnaryCall;
  ListInvoices(argument: _invoiceplatform_invoice_v1_ListInvoicesRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListInvoicesResponse__Output>): grpc.ClientUnaryCall;
  listInvoices(argument: _invoiceplatform_invoice_v1_ListInvoicesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListInvoicesResponse__Output>): grpc.ClientUnaryCall;
  listInvoices(argument: _invoiceplatform_invoice_v1_ListInvoicesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListInvoicesResponse__Output>): grpc.ClientUnaryCall;
  listInvoices(argument: _invoiceplatform_invoice_v1_ListInvoicesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListInvoicesResponse__Output>): grpc.ClientUnaryCall;
  listInvoices(argument: _invoiceplatform_invoice_v1_ListInvoicesRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListInvoicesResponse__Output>): grpc.ClientUnaryCall;
  
  ListPayments(argument: _invoiceplatform_invoice_v1_ListPaymentsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListPaymentsResponse__Output>): grpc.ClientUnaryCall;
  ListPayments(argument: _invoiceplatform_invoice_v1_ListPaymentsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListPaymentsResponse__Output>): grpc.ClientUnaryCall;
  ListPayments(argument: _invoiceplatform_invoice_v1_ListPaymentsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListPaymentsResponse__Output>): grpc.ClientUnaryCall;
  ListPayments(argument: _invoiceplatform_invoice_v1_ListPaymentsRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListPaymentsResponse__Output>): grpc.ClientUnaryCall;
  listPayments(argument: _invoiceplatform_invoice_v1_ListPaymentsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListPaymentsResponse__Output>): grpc.ClientUnaryCall;
  listPayments(argument: _invoiceplatform_invoice_v1_ListPaymentsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListPaymentsResponse__Output>): grpc.ClientUnaryCall;
  listPayments(argument: _invoiceplatform_invoice_v1_ListPaymentsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListPaymentsResponse__Output>): grpc.ClientUnaryCall;
  listPayments(argument: _invoiceplatform_invoice_v1_ListPaymentsRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_ListPaymentsResponse__Output>): grpc.ClientUnaryCall;
  
  MarkPaidByPayment(argument: _invoiceplatform_invoice_v1_MarkPaidByPaymentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_MarkPaidByPaymentResponse__Output>): grpc.ClientUnaryCall;
  MarkPaidByPayment(argument: _invoiceplatform_invoice_v1_MarkPaidByPaymentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_MarkPaidByPaymentResponse__Output>): grpc.ClientUnaryCall;
  MarkPaidByPayment(argument: _invoiceplatform_invoice_v1_MarkPaidByPaymentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_MarkPaidByPaymentResponse__Output>): grpc.ClientUnaryCall;
  MarkPaidByPayment(argument: _invoiceplatform_invoice_v1_MarkPaidByPaymentRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_MarkPaidByPaymentResponse__Output>): grpc.ClientUnaryCall;
  markPaidByPayment(argument: _invoiceplatform_invoice_v1_MarkPaidByPaymentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_MarkPaidByPaymentResponse__Output>): grpc.ClientUnaryCall;
  markPaidByPayment(argument: _invoiceplatform_invoice_v1_MarkPaidByPaymentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_MarkPaidByPaymentResponse__Output>): grpc.ClientUnaryCall;
  markPaidByPayment(argument: _invoiceplatform_invoice_v1_MarkPaidByPaymentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_MarkPaidByPaymentResponse__Output>): grpc.ClientUnaryCall;
  markPaidByPayment(argument: _invoiceplatform_invoice_v1_MarkPaidByPaymentRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_MarkPaidByPaymentResponse__Output>): grpc.ClientUnaryCall;
  
  RecordPayment(argument: _invoiceplatform_invoice_v1_RecordPaymentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RecordPaymentResponse__Output>): grpc.ClientUnaryCall;
  RecordPayment(argument: _invoiceplatform_invoice_v1_RecordPaymentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RecordPaymentResponse__Output>): grpc.ClientUnaryCall;
  RecordPayment(argument: _invoiceplatform_invoice_v1_RecordPaymentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RecordPaymentResponse__Output>): grpc.ClientUnaryCall;
  RecordPayment(argument: _invoiceplatform_invoice_v1_RecordPaymentRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RecordPaymentResponse__Output>): grpc.ClientUnaryCall;
  recordPayment(argument: _invoiceplatform_invoice_v1_RecordPaymentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RecordPaymentResponse__Output>): grpc.ClientUnaryCall;
  recordPayment(argument: _invoiceplatform_invoice_v1_RecordPaymentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RecordPaymentResponse__Output>): grpc.ClientUnaryCall;
  recordPayment(argument: _invoiceplatform_invoice_v1_RecordPaymentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RecordPaymentResponse__Output>): grpc.ClientUnaryCall;
  recordPayment(argument: _invoiceplatform_invoice_v1_RecordPaymentRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RecordPaymentResponse__Output>): grpc.ClientUnaryCall;
  
  RecordPdfResult(argument: _invoiceplatform_invoice_v1_RecordPdfResultRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RecordPdfResultResponse__Output>): grpc.ClientUnaryCall;
  RecordPdfResult(argument: _invoiceplatform_invoice_v1_RecordPdfResultRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RecordPdfResultResponse__Output>): grpc.ClientUnaryCall;
  RecordPdfResult(argument: _invoiceplatform_invoice_v1_RecordPdfResultRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RecordPdfResultResponse__Output>): grpc.ClientUnaryCall;
  RecordPdfResult(argument: _invoiceplatform_invoice_v1_RecordPdfResultRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RecordPdfResultResponse__Output>): grpc.ClientUnaryCall;
  recordPdfResult(argument: _invoiceplatform_invoice_v1_RecordPdfResultRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RecordPdfResultResponse__Output>): grpc.ClientUnaryCall;
  recordPdfResult(argument: _invoiceplatform_invoice_v1_RecordPdfResultRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RecordPdfResultResponse__Output>): grpc.ClientUnaryCall;
  recordPdfResult(argument: _invoiceplatform_invoice_v1_RecordPdfResultRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RecordPdfResultResponse__Output>): grpc.ClientUnaryCall;
  recordPdfResult(argument: _invoiceplatform_invoice_v1_RecordPdfResultRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RecordPdfResultResponse__Output>): grpc.ClientUnaryCall;
  
  RunOverdueSweep(argument: _invoiceplatform_invoice_v1_RunOverdueSweepRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>): grpc.ClientUnaryCall;
  RunOverdueSweep(argument: _invoiceplatform_invoice_v1_RunOverdueSweepRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>): grpc.ClientUnaryCall;
  RunOverdueSweep(argument: _invoiceplatform_invoice_v1_RunOverdueSweepRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>): grpc.ClientUnaryCall;
  RunOverdueSweep(argument: _invoiceplatform_invoice_v1_RunOverdueSweepRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>): grpc.ClientUnaryCall;
  runOverdueSweep(argument: _invoiceplatform_invoice_v1_RunOverdueSweepRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>): grpc.ClientUnaryCall;
  runOverdueSweep(argument: _invoiceplatform_invoice_v1_RunOverdueSweepRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>): grpc.ClientUnaryCall;
  runOverdueSweep(argument: _invoiceplatform_invoice_v1_RunOverdueSweepRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>): grpc.ClientUnaryCall;
  runOverdueSweep(argument: _invoiceplatform_invoice_v1_RunOverdueSweepRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>): grpc.ClientUnaryCall;
  
  SetArchived(argument: _invoiceplatform_invoice_v1_SetArchivedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_SetArchivedResponse__Output>): grpc.ClientUnaryCall;
  SetArchived(argument: _invoiceplatform_invoice_v1_SetArchivedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_SetArchivedResponse__Output>): grpc.ClientUnaryCall;
  SetArchived(argument: _invoiceplatform_invoice_v1_SetArchivedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_SetArchivedResponse__Output>): grpc.ClientUnaryCall;
  SetArchived(argument: _invoiceplatform_invoice_v1_SetArchivedRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_SetArchivedResponse__Output>): grpc.ClientUnaryCall;
  setArchived(argument: _invoiceplatform_invoice_v1_SetArchivedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_SetArchivedResponse__Output>): grpc.ClientUnaryCall;
  setArchived(argument: _invoiceplatform_invoice_v1_SetArchivedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_SetArchivedResponse__Output>): grpc.ClientUnaryCall;
  setArchived(argument: _invoiceplatform_invoice_v1_SetArchivedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_SetArchivedResponse__Output>): grpc.ClientUnaryCall;
  setArchived(argument: _invoiceplatform_invoice_v1_SetArchivedRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_SetArchivedResponse__Output>): grpc.ClientUnaryCall;
  
  SetCredits(argument: _invoiceplatform_invoice_v1_SetCreditsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  SetCredits(argument: _invoiceplatform_invoice_v1_SetCreditsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  SetCredits(argument: _invoiceplatform_invoice_v1_SetCreditsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  SetCredits(argument: _invoiceplatform_invoice_v1_SetCreditsRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  setCredits(argument: _invoiceplatform_invoice_v1_SetCreditsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  setCredits(argument: _invoiceplatform_invoice_v1_SetCreditsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  setCredits(argument: _invoiceplatform_invoice_v1_SetCreditsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  setCredits(argument: _invoiceplatform_invoice_v1_SetCreditsRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_CreditBalance__Output>): grpc.ClientUnaryCall;
  
  UpdateInvoiceStatus(argument: _invoiceplatform_invoice_v1_UpdateInvoiceStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_UpdateInvoiceStatusResponse__Output>): grpc.ClientUnaryCall;
  UpdateInvoiceStatus(argument: _invoiceplatform_invoice_v1_UpdateInvoiceStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_UpdateInvoiceStatusResponse__Output>): grpc.ClientUnaryCall;
  UpdateInvoiceStatus(argument: _invoiceplatform_invoice_v1_UpdateInvoiceStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_UpdateInvoiceStatusResponse__Output>): grpc.ClientUnaryCall;
  UpdateInvoiceStatus(argument: _invoiceplatform_invoice_v1_UpdateInvoiceStatusRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_UpdateInvoiceStatusResponse__Output>): grpc.ClientUnaryCall;
  updateInvoiceStatus(argument: _invoiceplatform_invoice_v1_UpdateInvoiceStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_UpdateInvoiceStatusResponse__Output>): grpc.ClientUnaryCall;
  updateInvoiceStatus(argument: _invoiceplatform_invoice_v1_UpdateInvoiceStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_UpdateInvoiceStatusResponse__Output>): grpc.ClientUnaryCall;
  updateInvoiceStatus(argument: _invoiceplatform_invoice_v1_UpdateInvoiceStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_UpdateInvoiceStatusResponse__Output>): grpc.ClientUnaryCall;
  updateInvoiceStatus(argument: _invoiceplatform_invoice_v1_UpdateInvoiceStatusRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_UpdateInvoiceStatusResponse__Output>): grpc.ClientUnaryCall;
  
  VerifyArchive(argument: _invoiceplatform_invoice_v1_VerifyArchiveRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_VerifyArchiveResponse__Output>): grpc.ClientUnaryCall;
  VerifyArchive(argument: _invoiceplatform_invoice_v1_VerifyArchiveRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_VerifyArchiveResponse__Output>): grpc.ClientUnaryCall;
  VerifyArchive(argument: _invoiceplatform_invoice_v1_VerifyArchiveRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_VerifyArchiveResponse__Output>): grpc.ClientUnaryCall;
  VerifyArchive(argument: _invoiceplatform_invoice_v1_VerifyArchiveRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_VerifyArchiveResponse__Output>): grpc.ClientUnaryCall;
  verifyArchive(argument: _invoiceplatform_invoice_v1_VerifyArchiveRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_VerifyArchiveResponse__Output>): grpc.ClientUnaryCall;
  verifyArchive(argument: _invoiceplatform_invoice_v1_VerifyArchiveRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_VerifyArchiveResponse__Output>): grpc.ClientUnaryCall;
  verifyArchive(argument: _invoiceplatform_invoice_v1_VerifyArchiveRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_VerifyArchiveResponse__Output>): grpc.ClientUnaryCall;
  verifyArchive(argument: _invoiceplatform_invoice_v1_VerifyArchiveRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_VerifyArchiveResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface InvoiceServiceHandlers extends grpc.UntypedServiceImplementation {
  AddCredits: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_AddCreditsRequest__Output, _invoiceplatform_invoice_v1_CreditBalance>;
  
  CheckGenerate: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_CheckGenerateRequest__Output, _invoiceplatform_invoice_v1_CheckGenerateResponse>;
  
  GenerateInvoice: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_GenerateInvoiceRequest__Output, _invoiceplatform_invoice_v1_GenerateInvoiceResponse>;
  
  GetAsIssued: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_GetAsIssuedRequest__Output, _invoiceplatform_invoice_v1_ArchivedCopy>;
  
  GetCreditNote: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_GetCreditNoteRequest__Output, _invoiceplatform_invoice_v1_CreditNote>;
  
  GetCreditNoteEInvoice: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_GetCreditNoteRequest__Output, _invoiceplatform_invoice_v1_EInvoiceFile>;
  
  GetCredits: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_GetCreditsRequest__Output, _invoiceplatform_invoice_v1_CreditBalance>;
  
  GetEInvoice: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_GetEInvoiceRequest__Output, _invoiceplatform_invoice_v1_EInvoiceFile>;
  
  GetInvoice: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_GetInvoiceRequest__Output, _invoiceplatform_invoice_v1_Invoice>;
  
  GetInvoicePdf: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_GetInvoicePdfRequest__Output, _invoiceplatform_invoice_v1_GetInvoicePdfResponse>;
  
  GetPublicCreditNote: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_GetPublicCreditNoteRequest__Output, _invoiceplatform_invoice_v1_CreditNote>;
  
  GetPublicEInvoice: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_GetPublicInvoiceRequest__Output, _invoiceplatform_invoice_v1_EInvoiceFile>;
  
  GetPublicInvoice: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_GetPublicInvoiceRequest__Output, _invoiceplatform_invoice_v1_Invoice>;
  
  GetRenderInput: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_GetRenderInputRequest__Output, _invoiceplatform_pdf_v1_RenderRequest>;
  
  IssueCreditNote: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_IssueCreditNoteRequest__Output, _invoiceplatform_invoice_v1_IssueCreditNoteResponse>;
  
  ListCreditNotes: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_ListCreditNotesRequest__Output, _invoiceplatform_invoice_v1_ListCreditNotesResponse>;
  
  ListInvoices: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_ListInvoicesRequest__Output, _invoiceplatform_invoice_v1_ListInvoicesResponse>;
  
  ListPayments: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_ListPaymentsRequest__Output, _invoiceplatform_invoice_v1_ListPaymentsResponse>;
  
  MarkPaidByPayment: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_MarkPaidByPaymentRequest__Output, _invoiceplatform_invoice_v1_MarkPaidByPaymentResponse>;
  
  RecordPayment: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_RecordPaymentRequest__Output, _invoiceplatform_invoice_v1_RecordPaymentResponse>;
  
  RecordPdfResult: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_RecordPdfResultRequest__Output, _invoiceplatform_invoice_v1_RecordPdfResultResponse>;
  
  RunOverdueSweep: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_RunOverdueSweepRequest__Output, _invoiceplatform_invoice_v1_RunOverdueSweepResponse>;
  
  SetArchived: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_SetArchivedRequest__Output, _invoiceplatform_invoice_v1_SetArchivedResponse>;
  
  SetCredits: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_SetCreditsRequest__Output, _invoiceplatform_invoice_v1_CreditBalance>;
  
  UpdateInvoiceStatus: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_UpdateInvoiceStatusRequest__Output, _invoiceplatform_invoice_v1_UpdateInvoiceStatusResponse>;
  
  VerifyArchive: grpc.handleUnaryCall<_invoiceplatform_invoice_v1_VerifyArchiveRequest__Output, _invoiceplatform_invoice_v1_VerifyArchiveResponse>;
  
}

export interface InvoiceServiceDefinition extends grpc.ServiceDefinition {
  AddCredits: MethodDefinition<_invoiceplatform_invoice_v1_AddCreditsRequest, _invoiceplatform_invoice_v1_CreditBalance, _invoiceplatform_invoice_v1_AddCreditsRequest__Output, _invoiceplatform_invoice_v1_CreditBalance__Output>
  CheckGenerate: MethodDefinition<_invoiceplatform_invoice_v1_CheckGenerateRequest, _invoiceplatform_invoice_v1_CheckGenerateResponse, _invoiceplatform_invoice_v1_CheckGenerateRequest__Output, _invoiceplatform_invoice_v1_CheckGenerateResponse__Output>
  GenerateInvoice: MethodDefinition<_invoiceplatform_invoice_v1_GenerateInvoiceRequest, _invoiceplatform_invoice_v1_GenerateInvoiceResponse, _invoiceplatform_invoice_v1_GenerateInvoiceRequest__Output, _invoiceplatform_invoice_v1_GenerateInvoiceResponse__Output>
  GetAsIssued: MethodDefinition<_invoiceplatform_invoice_v1_GetAsIssuedRequest, _invoiceplatform_invoice_v1_ArchivedCopy, _invoiceplatform_invoice_v1_GetAsIssuedRequest__Output, _invoiceplatform_invoice_v1_ArchivedCopy__Output>
  GetCreditNote: MethodDefinition<_invoiceplatform_invoice_v1_GetCreditNoteRequest, _invoiceplatform_invoice_v1_CreditNote, _invoiceplatform_invoice_v1_GetCreditNoteRequest__Output, _invoiceplatform_invoice_v1_CreditNote__Output>
  GetCreditNoteEInvoice: MethodDefinition<_invoiceplatform_invoice_v1_GetCreditNoteRequest, _invoiceplatform_invoice_v1_EInvoiceFile, _invoiceplatform_invoice_v1_GetCreditNoteRequest__Output, _invoiceplatform_invoice_v1_EInvoiceFile__Output>
  GetCredits: MethodDefinition<_invoiceplatform_invoice_v1_GetCreditsRequest, _invoiceplatform_invoice_v1_CreditBalance, _invoiceplatform_invoice_v1_GetCreditsRequest__Output, _invoiceplatform_invoice_v1_CreditBalance__Output>
  GetEInvoice: MethodDefinition<_invoiceplatform_invoice_v1_GetEInvoiceRequest, _invoiceplatform_invoice_v1_EInvoiceFile, _invoiceplatform_invoice_v1_GetEInvoiceRequest__Output, _invoiceplatform_invoice_v1_EInvoiceFile__Output>
  GetInvoice: MethodDefinition<_invoiceplatform_invoice_v1_GetInvoiceRequest, _invoiceplatform_invoice_v1_Invoice, _invoiceplatform_invoice_v1_GetInvoiceRequest__Output, _invoiceplatform_invoice_v1_Invoice__Output>
  GetInvoicePdf: MethodDefinition<_invoiceplatform_invoice_v1_GetInvoicePdfRequest, _invoiceplatform_invoice_v1_GetInvoicePdfResponse, _invoiceplatform_invoice_v1_GetInvoicePdfRequest__Output, _invoiceplatform_invoice_v1_GetInvoicePdfResponse__Output>
  GetPublicCreditNote: MethodDefinition<_invoiceplatform_invoice_v1_GetPublicCreditNoteRequest, _invoiceplatform_invoice_v1_CreditNote, _invoiceplatform_invoice_v1_GetPublicCreditNoteRequest__Output, _invoiceplatform_invoice_v1_CreditNote__Output>
  GetPublicEInvoice: MethodDefinition<_invoiceplatform_invoice_v1_GetPublicInvoiceRequest, _invoiceplatform_invoice_v1_EInvoiceFile, _invoiceplatform_invoice_v1_GetPublicInvoiceRequest__Output, _invoiceplatform_invoice_v1_EInvoiceFile__Output>
  GetPublicInvoice: MethodDefinition<_invoiceplatform_invoice_v1_GetPublicInvoiceRequest, _invoiceplatform_invoice_v1_Invoice, _invoiceplatform_invoice_v1_GetPublicInvoiceRequest__Output, _invoiceplatform_invoice_v1_Invoice__Output>
  GetRenderInput: MethodDefinition<_invoiceplatform_invoice_v1_GetRenderInputRequest, _invoiceplatform_pdf_v1_RenderRequest, _invoiceplatform_invoice_v1_GetRenderInputRequest__Output, _invoiceplatform_pdf_v1_RenderRequest__Output>
  IssueCreditNote: MethodDefinition<_invoiceplatform_invoice_v1_IssueCreditNoteRequest, _invoiceplatform_invoice_v1_IssueCreditNoteResponse, _invoiceplatform_invoice_v1_IssueCreditNoteRequest__Output, _invoiceplatform_invoice_v1_IssueCreditNoteResponse__Output>
  ListCreditNotes: MethodDefinition<_invoiceplatform_invoice_v1_ListCreditNotesRequest, _invoiceplatform_invoice_v1_ListCreditNotesResponse, _invoiceplatform_invoice_v1_ListCreditNotesRequest__Output, _invoiceplatform_invoice_v1_ListCreditNotesResponse__Output>
  ListInvoices: MethodDefinition<_invoiceplatform_invoice_v1_ListInvoicesRequest, _invoiceplatform_invoice_v1_ListInvoicesResponse, _invoiceplatform_invoice_v1_ListInvoicesRequest__Output, _invoiceplatform_invoice_v1_ListInvoicesResponse__Output>
  ListPayments: MethodDefinition<_invoiceplatform_invoice_v1_ListPaymentsRequest, _invoiceplatform_invoice_v1_ListPaymentsResponse, _invoiceplatform_invoice_v1_ListPaymentsRequest__Output, _invoiceplatform_invoice_v1_ListPaymentsResponse__Output>
  MarkPaidByPayment: MethodDefinition<_invoiceplatform_invoice_v1_MarkPaidByPaymentRequest, _invoiceplatform_invoice_v1_MarkPaidByPaymentResponse, _invoiceplatform_invoice_v1_MarkPaidByPaymentRequest__Output, _invoiceplatform_invoice_v1_MarkPaidByPaymentResponse__Output>
  RecordPayment: MethodDefinition<_invoiceplatform_invoice_v1_RecordPaymentRequest, _invoiceplatform_invoice_v1_RecordPaymentResponse, _invoiceplatform_invoice_v1_RecordPaymentRequest__Output, _invoiceplatform_invoice_v1_RecordPaymentResponse__Output>
  RecordPdfResult: MethodDefinition<_invoiceplatform_invoice_v1_RecordPdfResultRequest, _invoiceplatform_invoice_v1_RecordPdfResultResponse, _invoiceplatform_invoice_v1_RecordPdfResultRequest__Output, _invoiceplatform_invoice_v1_RecordPdfResultResponse__Output>
  RunOverdueSweep: MethodDefinition<_invoiceplatform_invoice_v1_RunOverdueSweepRequest, _invoiceplatform_invoice_v1_RunOverdueSweepResponse, _invoiceplatform_invoice_v1_RunOverdueSweepRequest__Output, _invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>
  SetArchived: MethodDefinition<_invoiceplatform_invoice_v1_SetArchivedRequest, _invoiceplatform_invoice_v1_SetArchivedResponse, _invoiceplatform_invoice_v1_SetArchivedRequest__Output, _invoiceplatform_invoice_v1_SetArchivedResponse__Output>
  SetCredits: MethodDefinition<_invoiceplatform_invoice_v1_SetCreditsRequest, _invoiceplatform_invoice_v1_CreditBalance, _invoiceplatform_invoice_v1_SetCreditsRequest__Output, _invoiceplatform_invoice_v1_CreditBalance__Output>
  UpdateInvoiceStatus: MethodDefinition<_invoiceplatform_invoice_v1_UpdateInvoiceStatusRequest, _invoiceplatform_invoice_v1_UpdateInvoiceStatusResponse, _invoiceplatform_invoice_v1_UpdateInvoiceStatusRequest__Output, _invoiceplatform_invoice_v1_UpdateInvoiceStatusResponse__Output>
  VerifyArchive: MethodDefinition<_invoiceplatform_invoice_v1_VerifyArchiveRequest, _invoiceplatform_invoice_v1_VerifyArchiveResponse, _invoiceplatform_invoice_v1_VerifyArchiveRequest__Output, _invoiceplatform_invoice_v1_VerifyArchiveResponse__Output>
}
