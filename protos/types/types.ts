import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ElectronicAddress as _invoiceplatform_invoice_v1_ElectronicAddress, ElectronicAddress__Output as _invoiceplatform_invoice_v1_ElectronicAddress__Output } from './invoiceplatform/invoice/v1/ElectronicAddress.ts';
import type { InvoiceLine as _invoiceplatform_invoice_v1_InvoiceLine, InvoiceLine__Output as _invoiceplatform_invoice_v1_InvoiceLine__Output } from './invoiceplatform/invoice/v1/InvoiceLine.ts';
import type { Item as _invoiceplatform_invoice_v1_Item, Item__Output as _invoiceplatform_invoice_v1_Item__Output } from './invoiceplatform/invoice/v1/Item.ts';
import type { PostalAddress as _invoiceplatform_invoice_v1_PostalAddress, PostalAddress__Output as _invoiceplatform_invoice_v1_PostalAddress__Output } from './invoiceplatform/invoice/v1/PostalAddress.ts';
import type { TemplateInfo as _invoiceplatform_invoice_v1_TemplateInfo, TemplateInfo__Output as _invoiceplatform_invoice_v1_TemplateInfo__Output } from './invoiceplatform/invoice/v1/TemplateInfo.ts';

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
  }
}

