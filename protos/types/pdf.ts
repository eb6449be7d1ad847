import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ElectronicAddress as _invoiceplatform_invoice_v1_ElectronicAddress, ElectronicAddress__Output as _invoiceplatform_invoice_v1_ElectronicAddress__Output } from './invoiceplatform/invoice/v1/ElectronicAddress.ts';
import type { InvoiceLine as _invoiceplatform_invoice_v1_InvoiceLine, InvoiceLine__Output as _invoiceplatform_invoice_v1_InvoiceLine__Output } from './invoiceplatform/invoice/v1/InvoiceLine.ts';
import type { Item as _invoiceplatform_invoice_v1_Item, Item__Output as _invoiceplatform_invoice_v1_Item__Output } from './invoiceplatform/invoice/v1/Item.ts';
import type { PostalAddress as _invoiceplatform_invoice_v1_PostalAddress, PostalAddress__Output as _invoiceplatform_invoice_v1_PostalAddress__Output } from './invoiceplatform/invoice/v1/PostalAddress.ts';
import type { TemplateInfo as _invoiceplatform_invoice_v1_TemplateInfo, TemplateInfo__Output as _invoiceplatform_invoice_v1_TemplateInfo__Output } from './invoiceplatform/invoice/v1/TemplateInfo.ts';
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
    invoice: {
      v1: {
        ElectronicAddress: MessageTypeDefinition<_invoiceplatform_invoice_v1_ElectronicAddress, _invoiceplatform_invoice_v1_ElectronicAddress__Output>
        InvoiceLine: MessageTypeDefinition<_invoiceplatform_invoice_v1_InvoiceLine, _invoiceplatform_invoice_v1_InvoiceLine__Output>
        Item: MessageTypeDefinition<_invoiceplatform_invoice_v1_Item, _invoiceplatform_invoice_v1_Item__Output>
        PostalAddress: MessageTypeDefinition<_invoiceplatform_invoice_v1_PostalAddress, _invoiceplatform_invoice_v1_PostalAddress__Output>
        TemplateInfo: MessageTypeDefinition<_invoiceplatform_invoice_v1_TemplateInfo, _invoiceplatform_invoice_v1_TemplateInfo__Output>
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

