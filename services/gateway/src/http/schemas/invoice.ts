/**
 * Reading and managing invoices, and the template list (OpenAPI `listInvoices` … `getInvoicePdf`).
 * The objects they answer are the contracts' (common/contracts/invoice.ts, templates.ts).
 */
import {
  Invoice,
  InvoiceArchiveResult,
  InvoicePdfResult,
  InvoiceStatusResult,
  InvoiceSummary,
} from '@invoice-platform/common/contracts/invoice';
import { Template } from '@invoice-platform/common/contracts/templates';
import { Type, type Static } from '@sinclair/typebox';
import { DataOf, InvoiceStatus, PageOf, listQuery } from './common.ts';

export const ListInvoicesQuery = listQuery(InvoiceStatus);
export type ListInvoicesQuery = Static<typeof ListInvoicesQuery>;

export const UpdateInvoiceStatusBody = Type.Object(
  { status: InvoiceStatus },
  { title: 'UpdateInvoiceStatusRequest', additionalProperties: false },
);
export type UpdateInvoiceStatusBody = Static<typeof UpdateInvoiceStatusBody>;

export const ArchiveInvoiceBody = Type.Object(
  { is_archived: Type.Boolean() },
  { title: 'ArchiveInvoiceRequest', additionalProperties: false },
);
export type ArchiveInvoiceBody = Static<typeof ArchiveInvoiceBody>;

export const InvoicePdfBody = Type.Object(
  {
    force: Type.Optional(Type.Boolean({ default: false, description: 'Regenerate the file even when it exists.' })),
  },
  { title: 'InvoicePdfRequest', additionalProperties: false },
);
export type InvoicePdfBody = Static<typeof InvoicePdfBody>;

export const InvoiceListResponse = PageOf(InvoiceSummary, 'InvoiceListResponse');
export const TemplateListResponse = Type.Object({ data: Type.Array(Template) }, { title: 'TemplateListResponse' });
export const InvoiceResponse = DataOf(Invoice, 'InvoiceResponse');

export const InvoiceStatusResponse = DataOf(InvoiceStatusResult, 'InvoiceStatusResponse');
export const InvoiceArchiveResponse = DataOf(InvoiceArchiveResult, 'InvoiceArchiveResponse');
export const InvoicePdfResponse = DataOf(InvoicePdfResult, 'InvoicePdfResponse');
