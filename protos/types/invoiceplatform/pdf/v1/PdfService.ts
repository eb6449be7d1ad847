// Original file: protos/invoiceplatform/pdf/v1/pdf.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ArchiveFilesRequest as _invoiceplatform_pdf_v1_ArchiveFilesRequest, ArchiveFilesRequest__Output as _invoiceplatform_pdf_v1_ArchiveFilesRequest__Output } from '../../../invoiceplatform/pdf/v1/ArchiveFilesRequest.ts';
import type { ArchiveFilesResponse as _invoiceplatform_pdf_v1_ArchiveFilesResponse, ArchiveFilesResponse__Output as _invoiceplatform_pdf_v1_ArchiveFilesResponse__Output } from '../../../invoiceplatform/pdf/v1/ArchiveFilesResponse.ts';
import type { DeleteFileRequest as _invoiceplatform_pdf_v1_DeleteFileRequest, DeleteFileRequest__Output as _invoiceplatform_pdf_v1_DeleteFileRequest__Output } from '../../../invoiceplatform/pdf/v1/DeleteFileRequest.ts';
import type { DeleteFileResponse as _invoiceplatform_pdf_v1_DeleteFileResponse, DeleteFileResponse__Output as _invoiceplatform_pdf_v1_DeleteFileResponse__Output } from '../../../invoiceplatform/pdf/v1/DeleteFileResponse.ts';
import type { DeleteInvoiceFilesRequest as _invoiceplatform_pdf_v1_DeleteInvoiceFilesRequest, DeleteInvoiceFilesRequest__Output as _invoiceplatform_pdf_v1_DeleteInvoiceFilesRequest__Output } from '../../../invoiceplatform/pdf/v1/DeleteInvoiceFilesRequest.ts';
import type { DeleteInvoiceFilesResponse as _invoiceplatform_pdf_v1_DeleteInvoiceFilesResponse, DeleteInvoiceFilesResponse__Output as _invoiceplatform_pdf_v1_DeleteInvoiceFilesResponse__Output } from '../../../invoiceplatform/pdf/v1/DeleteInvoiceFilesResponse.ts';
import type { DeleteWorkspaceTemplateRequest as _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateRequest, DeleteWorkspaceTemplateRequest__Output as _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateRequest__Output } from '../../../invoiceplatform/pdf/v1/DeleteWorkspaceTemplateRequest.ts';
import type { DeleteWorkspaceTemplateResponse as _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateResponse, DeleteWorkspaceTemplateResponse__Output as _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateResponse__Output } from '../../../invoiceplatform/pdf/v1/DeleteWorkspaceTemplateResponse.ts';
import type { GetFileRequest as _invoiceplatform_pdf_v1_GetFileRequest, GetFileRequest__Output as _invoiceplatform_pdf_v1_GetFileRequest__Output } from '../../../invoiceplatform/pdf/v1/GetFileRequest.ts';
import type { GetFileResponse as _invoiceplatform_pdf_v1_GetFileResponse, GetFileResponse__Output as _invoiceplatform_pdf_v1_GetFileResponse__Output } from '../../../invoiceplatform/pdf/v1/GetFileResponse.ts';
import type { ListTemplatesRequest as _invoiceplatform_pdf_v1_ListTemplatesRequest, ListTemplatesRequest__Output as _invoiceplatform_pdf_v1_ListTemplatesRequest__Output } from '../../../invoiceplatform/pdf/v1/ListTemplatesRequest.ts';
import type { ListTemplatesResponse as _invoiceplatform_pdf_v1_ListTemplatesResponse, ListTemplatesResponse__Output as _invoiceplatform_pdf_v1_ListTemplatesResponse__Output } from '../../../invoiceplatform/pdf/v1/ListTemplatesResponse.ts';
import type { RenderRequest as _invoiceplatform_pdf_v1_RenderRequest, RenderRequest__Output as _invoiceplatform_pdf_v1_RenderRequest__Output } from '../../../invoiceplatform/pdf/v1/RenderRequest.ts';
import type { RenderResponse as _invoiceplatform_pdf_v1_RenderResponse, RenderResponse__Output as _invoiceplatform_pdf_v1_RenderResponse__Output } from '../../../invoiceplatform/pdf/v1/RenderResponse.ts';
import type { ResolveTemplateRequest as _invoiceplatform_pdf_v1_ResolveTemplateRequest, ResolveTemplateRequest__Output as _invoiceplatform_pdf_v1_ResolveTemplateRequest__Output } from '../../../invoiceplatform/pdf/v1/ResolveTemplateRequest.ts';
import type { ResolveTemplateResponse as _invoiceplatform_pdf_v1_ResolveTemplateResponse, ResolveTemplateResponse__Output as _invoiceplatform_pdf_v1_ResolveTemplateResponse__Output } from '../../../invoiceplatform/pdf/v1/ResolveTemplateResponse.ts';
import type { SetWorkspaceDefaultTemplateRequest as _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateRequest, SetWorkspaceDefaultTemplateRequest__Output as _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateRequest__Output } from '../../../invoiceplatform/pdf/v1/SetWorkspaceDefaultTemplateRequest.ts';
import type { SetWorkspaceDefaultTemplateResponse as _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateResponse, SetWorkspaceDefaultTemplateResponse__Output as _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateResponse__Output } from '../../../invoiceplatform/pdf/v1/SetWorkspaceDefaultTemplateResponse.ts';
import type { StoreFileRequest as _invoiceplatform_pdf_v1_StoreFileRequest, StoreFileRequest__Output as _invoiceplatform_pdf_v1_StoreFileRequest__Output } from '../../../invoiceplatform/pdf/v1/StoreFileRequest.ts';
import type { StoreFileResponse as _invoiceplatform_pdf_v1_StoreFileResponse, StoreFileResponse__Output as _invoiceplatform_pdf_v1_StoreFileResponse__Output } from '../../../invoiceplatform/pdf/v1/StoreFileResponse.ts';
import type { StreamFileRequest as _invoiceplatform_pdf_v1_StreamFileRequest, StreamFileRequest__Output as _invoiceplatform_pdf_v1_StreamFileRequest__Output } from '../../../invoiceplatform/pdf/v1/StreamFileRequest.ts';
import type { StreamFileResponse as _invoiceplatform_pdf_v1_StreamFileResponse, StreamFileResponse__Output as _invoiceplatform_pdf_v1_StreamFileResponse__Output } from '../../../invoiceplatform/pdf/v1/StreamFileResponse.ts';
import type { UpsertWorkspaceTemplateRequest as _invoiceplatform_pdf_v1_UpsertWorkspaceTemplateRequest, UpsertWorkspaceTemplateRequest__Output as _invoiceplatform_pdf_v1_UpsertWorkspaceTemplateRequest__Output } from '../../../invoiceplatform/pdf/v1/UpsertWorkspaceTemplateRequest.ts';
import type { WorkspaceTemplate as _invoiceplatform_pdf_v1_WorkspaceTemplate, WorkspaceTemplate__Output as _invoiceplatform_pdf_v1_WorkspaceTemplate__Output } from '../../../invoiceplatform/pdf/v1/WorkspaceTemplate.ts';

export interface PdfServiceClient extends grpc.Client {
  ArchiveFiles(argument: _invoiceplatform_pdf_v1_ArchiveFilesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ArchiveFilesResponse__Output>): grpc.ClientUnaryCall;
  ArchiveFiles(argument: _invoiceplatform_pdf_v1_ArchiveFilesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ArchiveFilesResponse__Output>): grpc.ClientUnaryCall;
  ArchiveFiles(argument: _invoiceplatform_pdf_v1_ArchiveFilesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ArchiveFilesResponse__Output>): grpc.ClientUnaryCall;
  ArchiveFiles(argument: _invoiceplatform_pdf_v1_ArchiveFilesRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ArchiveFilesResponse__Output>): grpc.ClientUnaryCall;
  archiveFiles(argument: _invoiceplatform_pdf_v1_ArchiveFilesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ArchiveFilesResponse__Output>): grpc.ClientUnaryCall;
  archiveFiles(argument: _invoiceplatform_pdf_v1_ArchiveFilesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ArchiveFilesResponse__Output>): grpc.ClientUnaryCall;
  archiveFiles(argument: _invoiceplatform_pdf_v1_ArchiveFilesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ArchiveFilesResponse__Output>): grpc.ClientUnaryCall;
  archiveFiles(argument: _invoiceplatform_pdf_v1_ArchiveFilesRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ArchiveFilesResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteFile(argument: _invoiceplatform_pdf_v1_DeleteFileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteFileResponse__Output>): grpc.ClientUnaryCall;
  DeleteFile(argument: _invoiceplatform_pdf_v1_DeleteFileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteFileResponse__Output>): grpc.ClientUnaryCall;
  DeleteFile(argument: _invoiceplatform_pdf_v1_DeleteFileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteFileResponse__Output>): grpc.ClientUnaryCall;
  DeleteFile(argument: _invoiceplatform_pdf_v1_DeleteFileRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteFileResponse__Output>): grpc.ClientUnaryCall;
  deleteFile(argument: _invoiceplatform_pdf_v1_DeleteFileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteFileResponse__Output>): grpc.ClientUnaryCall;
  deleteFile(argument: _invoiceplatform_pdf_v1_DeleteFileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteFileResponse__Output>): grpc.ClientUnaryCall;
  deleteFile(argument: _invoiceplatform_pdf_v1_DeleteFileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteFileResponse__Output>): grpc.ClientUnaryCall;
  deleteFile(argument: _invoiceplatform_pdf_v1_DeleteFileRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteFileResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteInvoiceFiles(argument: _invoiceplatform_pdf_v1_DeleteInvoiceFilesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteInvoiceFilesResponse__Output>): grpc.ClientUnaryCall;
  DeleteInvoiceFiles(argument: _invoiceplatform_pdf_v1_DeleteInvoiceFilesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteInvoiceFilesResponse__Output>): grpc.ClientUnaryCall;
  DeleteInvoiceFiles(argument: _invoiceplatform_pdf_v1_DeleteInvoiceFilesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteInvoiceFilesResponse__Output>): grpc.ClientUnaryCall;
  DeleteInvoiceFiles(argument: _invoiceplatform_pdf_v1_DeleteInvoiceFilesRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteInvoiceFilesResponse__Output>): grpc.ClientUnaryCall;
  deleteInvoiceFiles(argument: _invoiceplatform_pdf_v1_DeleteInvoiceFilesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteInvoiceFilesResponse__Output>): grpc.ClientUnaryCall;
  deleteInvoiceFiles(argument: _invoiceplatform_pdf_v1_DeleteInvoiceFilesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteInvoiceFilesResponse__Output>): grpc.ClientUnaryCall;
  deleteInvoiceFiles(argument: _invoiceplatform_pdf_v1_DeleteInvoiceFilesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteInvoiceFilesResponse__Output>): grpc.ClientUnaryCall;
  deleteInvoiceFiles(argument: _invoiceplatform_pdf_v1_DeleteInvoiceFilesRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteInvoiceFilesResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteWorkspaceTemplate(argument: _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteWorkspaceTemplateResponse__Output>): grpc.ClientUnaryCall;
  DeleteWorkspaceTemplate(argument: _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteWorkspaceTemplateResponse__Output>): grpc.ClientUnaryCall;
  DeleteWorkspaceTemplate(argument: _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteWorkspaceTemplateResponse__Output>): grpc.ClientUnaryCall;
  DeleteWorkspaceTemplate(argument: _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteWorkspaceTemplateResponse__Output>): grpc.ClientUnaryCall;
  deleteWorkspaceTemplate(argument: _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteWorkspaceTemplateResponse__Output>): grpc.ClientUnaryCall;
  deleteWorkspaceTemplate(argument: _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteWorkspaceTemplateResponse__Output>): grpc.ClientUnaryCall;
  deleteWorkspaceTemplate(argument: _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteWorkspaceTemplateResponse__Output>): grpc.ClientUnaryCall;
  deleteWorkspaceTemplate(argument: _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_DeleteWorkspaceTemplateResponse__Output>): grpc.ClientUnaryCall;
  
  GetFile(argument: _invoiceplatform_pdf_v1_GetFileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_GetFileResponse__Output>): grpc.ClientUnaryCall;
  GetFile(argument: _invoiceplatform_pdf_v1_GetFileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_GetFileResponse__Output>): grpc.ClientUnaryCall;
  GetFile(argument: _invoiceplatform_pdf_v1_GetFileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_GetFileResponse__Output>): grpc.ClientUnaryCall;
  GetFile(argument: _invoiceplatform_pdf_v1_GetFileRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_GetFileResponse__Output>): grpc.ClientUnaryCall;
  getFile(argument: _invoiceplatform_pdf_v1_GetFileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_GetFileResponse__Output>): grpc.ClientUnaryCall;
  getFile(argument: _invoiceplatform_pdf_v1_GetFileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_GetFileResponse__Output>): grpc.ClientUnaryCall;
  getFile(argument: _invoiceplatform_pdf_v1_GetFileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_GetFileResponse__Output>): grpc.ClientUnaryCall;
  getFile(argument: _invoiceplatform_pdf_v1_GetFileRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_GetFileResponse__Output>): grpc.ClientUnaryCall;
  
  ListTemplates(argument: _invoiceplatform_pdf_v1_ListTemplatesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ListTemplatesResponse__Output>): grpc.ClientUnaryCall;
  ListTemplates(argument: _invoiceplatform_pdf_v1_ListTemplatesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ListTemplatesResponse__Output>): grpc.ClientUnaryCall;
  ListTemplates(argument: _invoiceplatform_pdf_v1_ListTemplatesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ListTemplatesResponse__Output>): grpc.ClientUnaryCall;
  ListTemplates(argument: _invoiceplatform_pdf_v1_ListTemplatesRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ListTemplatesResponse__Output>): grpc.ClientUnaryCall;
  listTemplates(argument: _invoiceplatform_pdf_v1_ListTemplatesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ListTemplatesResponse__Output>): grpc.ClientUnaryCall;
  listTemplates(argument: _invoiceplatform_pdf_v1_ListTemplatesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ListTemplatesResponse__Output>): grpc.ClientUnaryCall;
  listTemplates(argument: _invoiceplatform_pdf_v1_ListTemplatesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ListTemplatesResponse__Output>): grpc.ClientUnaryCall;
  listTemplates(argument: _invoiceplatform_pdf_v1_ListTemplatesRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ListTemplatesResponse__Output>): grpc.ClientUnaryCall;
  
  Render(argument: _invoiceplatform_pdf_v1_RenderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_RenderResponse__Output>): grpc.ClientUnaryCall;
  Render(argument: _invoiceplatform_pdf_v1_RenderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_RenderResponse__Output>): grpc.ClientUnaryCall;
  Render(argument: _invoiceplatform_pdf_v1_RenderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_RenderResponse__Output>): grpc.ClientUnaryCall;
  Render(argument: _invoiceplatform_pdf_v1_RenderRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_RenderResponse__Output>): grpc.ClientUnaryCall;
  render(argument: _invoiceplatform_pdf_v1_RenderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_RenderResponse__Output>): grpc.ClientUnaryCall;
  render(argument: _invoiceplatform_pdf_v1_RenderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_RenderResponse__Output>): grpc.ClientUnaryCall;
  render(argument: _invoiceplatform_pdf_v1_RenderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_RenderResponse__Output>): grpc.ClientUnaryCall;
  render(argument: _invoiceplatform_pdf_v1_RenderRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_RenderResponse__Output>): grpc.ClientUnaryCall;
  
  ResolveTemplate(argument: _invoiceplatform_pdf_v1_ResolveTemplateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ResolveTemplateResponse__Output>): grpc.ClientUnaryCall;
  ResolveTemplate(argument: _invoiceplatform_pdf_v1_ResolveTemplateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ResolveTemplateResponse__Output>): grpc.ClientUnaryCall;
  ResolveTemplate(argument: _invoiceplatform_pdf_v1_ResolveTemplateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ResolveTemplateResponse__Output>): grpc.ClientUnaryCall;
  ResolveTemplate(argument: _invoiceplatform_pdf_v1_ResolveTemplateRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ResolveTemplateResponse__Output>): grpc.ClientUnaryCall;
  resolveTemplate(argument: _invoiceplatform_pdf_v1_ResolveTemplateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ResolveTemplateResponse__Output>): grpc.ClientUnaryCall;
  resolveTemplate(argument: _invoiceplatform_pdf_v1_ResolveTemplateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ResolveTemplateResponse__Output>): grpc.ClientUnaryCall;
  resolveTemplate(argument: _invoiceplatform_pdf_v1_ResolveTemplateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ResolveTemplateResponse__Output>): grpc.ClientUnaryCall;
  resolveTemplate(argument: _invoiceplatform_pdf_v1_ResolveTemplateRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_ResolveTemplateResponse__Output>): grpc.ClientUnaryCall;
  
  SetWorkspaceDefaultTemplate(argument: _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateResponse__Output>): grpc.ClientUnaryCall;
  SetWorkspaceDefaultTemplate(argument: _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateResponse__Output>): grpc.ClientUnaryCall;
  SetWorkspaceDefaultTemplate(argument: _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateResponse__Output>): grpc.ClientUnaryCall;
  SetWorkspaceDefaultTemplate(argument: _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateResponse__Output>): grpc.ClientUnaryCall;
  setWorkspaceDefaultTemplate(argument: _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateResponse__Output>): grpc.ClientUnaryCall;
  setWorkspaceDefaultTemplate(argument: _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateResponse__Output>): grpc.ClientUnaryCall;
  setWorkspaceDefaultTemplate(argument: _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateResponse__Output>): grpc.ClientUnaryCall;
  setWorkspaceDefaultTemplate(argument: _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateResponse__Output>): grpc.ClientUnaryCall;
  
  StoreFile(argument: _invoiceplatform_pdf_v1_StoreFileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_StoreFileResponse__Output>): grpc.ClientUnaryCall;
  StoreFile(argument: _invoiceplatform_pdf_v1_StoreFileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_StoreFileResponse__Output>): grpc.ClientUnaryCall;
  StoreFile(argument: _invoiceplatform_pdf_v1_StoreFileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_StoreFileResponse__Output>): grpc.ClientUnaryCall;
  StoreFile(argument: _invoiceplatform_pdf_v1_StoreFileRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_StoreFileResponse__Output>): grpc.ClientUnaryCall;
  storeFile(argument: _invoiceplatform_pdf_v1_StoreFileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_StoreFileResponse__Output>): grpc.ClientUnaryCall;
  storeFile(argument: _invoiceplatform_pdf_v1_StoreFileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_StoreFileResponse__Output>): grpc.ClientUnaryCall;
  storeFile(argument: _invoiceplatform_pdf_v1_StoreFileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_StoreFileResponse__Output>): grpc.ClientUnaryCall;
  storeFile(argument: _invoiceplatform_pdf_v1_StoreFileRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_StoreFileResponse__Output>): grpc.ClientUnaryCall;
  
  StreamFile(argument: _invoiceplatform_pdf_v1_StreamFileRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_invoiceplatform_pdf_v1_StreamFileResponse__Output>;
  StreamFile(argument: _invoiceplatform_pdf_v1_StreamFileRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_invoiceplatform_pdf_v1_StreamFileResponse__Output>;
  streamFile(argument: _invoiceplatform_pdf_v1_StreamFileRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_invoiceplatform_pdf_v1_StreamFileResponse__Output>;
  streamFile(argument: _invoiceplatform_pdf_v1_StreamFileRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_invoiceplatform_pdf_v1_StreamFileResponse__Output>;
  
  UpsertWorkspaceTemplate(argument: _invoiceplatform_pdf_v1_UpsertWorkspaceTemplateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_WorkspaceTemplate__Output>): grpc.ClientUnaryCall;
  UpsertWorkspaceTemplate(argument: _invoiceplatform_pdf_v1_UpsertWorkspaceTemplateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_WorkspaceTemplate__Output>): grpc.ClientUnaryCall;
  UpsertWorkspaceTemplate(argument: _invoiceplatform_pdf_v1_UpsertWorkspaceTemplateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_WorkspaceTemplate__Output>): grpc.ClientUnaryCall;
  UpsertWorkspaceTemplate(argument: _invoiceplatform_pdf_v1_UpsertWorkspaceTemplateRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_WorkspaceTemplate__Output>): grpc.ClientUnaryCall;
  upsertWorkspaceTemplate(argument: _invoiceplatform_pdf_v1_UpsertWorkspaceTemplateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_WorkspaceTemplate__Output>): grpc.ClientUnaryCall;
  upsertWorkspaceTemplate(argument: _invoiceplatform_pdf_v1_UpsertWorkspaceTemplateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_WorkspaceTemplate__Output>): grpc.ClientUnaryCall;
  upsertWorkspaceTemplate(argument: _invoiceplatform_pdf_v1_UpsertWorkspaceTemplateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_WorkspaceTemplate__Output>): grpc.ClientUnaryCall;
  upsertWorkspaceTemplate(argument: _invoiceplatform_pdf_v1_UpsertWorkspaceTemplateRequest, callback: grpc.requestCallback<_invoiceplatform_pdf_v1_WorkspaceTemplate__Output>): grpc.ClientUnaryCall;
  
}

export interface PdfServiceHandlers extends grpc.UntypedServiceImplementation {
  ArchiveFiles: grpc.handleUnaryCall<_invoiceplatform_pdf_v1_ArchiveFilesRequest__Output, _invoiceplatform_pdf_v1_ArchiveFilesResponse>;
  
  DeleteFile: grpc.handleUnaryCall<_invoiceplatform_pdf_v1_DeleteFileRequest__Output, _invoiceplatform_pdf_v1_DeleteFileResponse>;
  
  DeleteInvoiceFiles: grpc.handleUnaryCall<_invoiceplatform_pdf_v1_DeleteInvoiceFilesRequest__Output, _invoiceplatform_pdf_v1_DeleteInvoiceFilesResponse>;
  
  DeleteWorkspaceTemplate: grpc.handleUnaryCall<_invoiceplatform_pdf_v1_DeleteWorkspaceTemplateRequest__Output, _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateResponse>;
  
  GetFile: grpc.handleUnaryCall<_invoiceplatform_pdf_v1_GetFileRequest__Output, _invoiceplatform_pdf_v1_GetFileResponse>;
  
  ListTemplates: grpc.handleUnaryCall<_invoiceplatform_pdf_v1_ListTemplatesRequest__Output, _invoiceplatform_pdf_v1_ListTemplatesResponse>;
  
  Render: grpc.handleUnaryCall<_invoiceplatform_pdf_v1_RenderRequest__Output, _invoiceplatform_pdf_v1_RenderResponse>;
  
  ResolveTemplate: grpc.handleUnaryCall<_invoiceplatform_pdf_v1_ResolveTemplateRequest__Output, _invoiceplatform_pdf_v1_ResolveTemplateResponse>;
  
  SetWorkspaceDefaultTemplate: grpc.handleUnaryCall<_invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateRequest__Output, _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateResponse>;
  
  StoreFile: grpc.handleUnaryCall<_invoiceplatform_pdf_v1_StoreFileRequest__Output, _invoiceplatform_pdf_v1_StoreFileResponse>;
  
  StreamFile: grpc.handleServerStreamingCall<_invoiceplatform_pdf_v1_StreamFileRequest__Output, _invoiceplatform_pdf_v1_StreamFileResponse>;
  
  UpsertWorkspaceTemplate: grpc.handleUnaryCall<_invoiceplatform_pdf_v1_UpsertWorkspaceTemplateRequest__Output, _invoiceplatform_pdf_v1_WorkspaceTemplate>;
  
}

export interface PdfServiceDefinition extends grpc.ServiceDefinition {
  ArchiveFiles: MethodDefinition<_invoiceplatform_pdf_v1_ArchiveFilesRequest, _invoiceplatform_pdf_v1_ArchiveFilesResponse, _invoiceplatform_pdf_v1_ArchiveFilesRequest__Output, _invoiceplatform_pdf_v1_ArchiveFilesResponse__Output>
  DeleteFile: MethodDefinition<_invoiceplatform_pdf_v1_DeleteFileRequest, _invoiceplatform_pdf_v1_DeleteFileResponse, _invoiceplatform_pdf_v1_DeleteFileRequest__Output, _invoiceplatform_pdf_v1_DeleteFileResponse__Output>
  DeleteInvoiceFiles: MethodDefinition<_invoiceplatform_pdf_v1_DeleteInvoiceFilesRequest, _invoiceplatform_pdf_v1_DeleteInvoiceFilesResponse, _invoiceplatform_pdf_v1_DeleteInvoiceFilesRequest__Output, _invoiceplatform_pdf_v1_DeleteInvoiceFilesResponse__Output>
  DeleteWorkspaceTemplate: MethodDefinition<_invoiceplatform_pdf_v1_DeleteWorkspaceTemplateRequest, _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateResponse, _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateRequest__Output, _invoiceplatform_pdf_v1_DeleteWorkspaceTemplateResponse__Output>
  GetFile: MethodDefinition<_invoiceplatform_pdf_v1_GetFileRequest, _invoiceplatform_pdf_v1_GetFileResponse, _invoiceplatform_pdf_v1_GetFileRequest__Output, _invoiceplatform_pdf_v1_GetFileResponse__Output>
  ListTemplates: MethodDefinition<_invoiceplatform_pdf_v1_ListTemplatesRequest, _invoiceplatform_pdf_v1_ListTemplatesResponse, _invoiceplatform_pdf_v1_ListTemplatesRequest__Output, _invoiceplatform_pdf_v1_ListTemplatesResponse__Output>
  Render: MethodDefinition<_invoiceplatform_pdf_v1_RenderRequest, _invoiceplatform_pdf_v1_RenderResponse, _invoiceplatform_pdf_v1_RenderRequest__Output, _invoiceplatform_pdf_v1_RenderResponse__Output>
  ResolveTemplate: MethodDefinition<_invoiceplatform_pdf_v1_ResolveTemplateRequest, _invoiceplatform_pdf_v1_ResolveTemplateResponse, _invoiceplatform_pdf_v1_ResolveTemplateRequest__Output, _invoiceplatform_pdf_v1_ResolveTemplateResponse__Output>
  SetWorkspaceDefaultTemplate: MethodDefinition<_invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateRequest, _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateResponse, _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateRequest__Output, _invoiceplatform_pdf_v1_SetWorkspaceDefaultTemplateResponse__Output>
  StoreFile: MethodDefinition<_invoiceplatform_pdf_v1_StoreFileRequest, _invoiceplatform_pdf_v1_StoreFileResponse, _invoiceplatform_pdf_v1_StoreFileRequest__Output, _invoiceplatform_pdf_v1_StoreFileResponse__Output>
  StreamFile: MethodDefinition<_invoiceplatform_pdf_v1_StreamFileRequest, _invoiceplatform_pdf_v1_StreamFileResponse, _invoiceplatform_pdf_v1_StreamFileRequest__Output, _invoiceplatform_pdf_v1_StreamFileResponse__Output>
  UpsertWorkspaceTemplate: MethodDefinition<_invoiceplatform_pdf_v1_UpsertWorkspaceTemplateRequest, _invoiceplatform_pdf_v1_WorkspaceTemplate, _invoiceplatform_pdf_v1_UpsertWorkspaceTemplateRequest__Output, _invoiceplatform_pdf_v1_WorkspaceTemplate__Output>
}
