import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ElectronicAddress as _invoiceplatform_invoice_v1_ElectronicAddress, ElectronicAddress__Output as _invoiceplatform_invoice_v1_ElectronicAddress__Output } from './invoiceplatform/invoice/v1/ElectronicAddress.ts';
import type { InvoiceLine as _invoiceplatform_invoice_v1_InvoiceLine, InvoiceLine__Output as _invoiceplatform_invoice_v1_InvoiceLine__Output } from './invoiceplatform/invoice/v1/InvoiceLine.ts';
import type { Item as _invoiceplatform_invoice_v1_Item, Item__Output as _invoiceplatform_invoice_v1_Item__Output } from './invoiceplatform/invoice/v1/Item.ts';
import type { PostalAddress as _invoiceplatform_invoice_v1_PostalAddress, PostalAddress__Output as _invoiceplatform_invoice_v1_PostalAddress__Output } from './invoiceplatform/invoice/v1/PostalAddress.ts';
import type { TemplateInfo as _invoiceplatform_invoice_v1_TemplateInfo, TemplateInfo__Output as _invoiceplatform_invoice_v1_TemplateInfo__Output } from './invoiceplatform/invoice/v1/TemplateInfo.ts';
import type { ChangeFrequencyRequest as _invoiceplatform_recurring_v1_ChangeFrequencyRequest, ChangeFrequencyRequest__Output as _invoiceplatform_recurring_v1_ChangeFrequencyRequest__Output } from './invoiceplatform/recurring/v1/ChangeFrequencyRequest.ts';
import type { ChangeFrequencyResponse as _invoiceplatform_recurring_v1_ChangeFrequencyResponse, ChangeFrequencyResponse__Output as _invoiceplatform_recurring_v1_ChangeFrequencyResponse__Output } from './invoiceplatform/recurring/v1/ChangeFrequencyResponse.ts';
import type { ClockState as _invoiceplatform_recurring_v1_ClockState, ClockState__Output as _invoiceplatform_recurring_v1_ClockState__Output } from './invoiceplatform/recurring/v1/ClockState.ts';
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
import type { SetClockRequest as _invoiceplatform_recurring_v1_SetClockRequest, SetClockRequest__Output as _invoiceplatform_recurring_v1_SetClockRequest__Output } from './invoiceplatform/recurring/v1/SetClockRequest.ts';
import type { SetSeriesStatusRequest as _invoiceplatform_recurring_v1_SetSeriesStatusRequest, SetSeriesStatusRequest__Output as _invoiceplatform_recurring_v1_SetSeriesStatusRequest__Output } from './invoiceplatform/recurring/v1/SetSeriesStatusRequest.ts';
import type { SkipOccurrenceRequest as _invoiceplatform_recurring_v1_SkipOccurrenceRequest, SkipOccurrenceRequest__Output as _invoiceplatform_recurring_v1_SkipOccurrenceRequest__Output } from './invoiceplatform/recurring/v1/SkipOccurrenceRequest.ts';

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
    recurring: {
      v1: {
        ChangeFrequencyRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_ChangeFrequencyRequest, _invoiceplatform_recurring_v1_ChangeFrequencyRequest__Output>
        ChangeFrequencyResponse: MessageTypeDefinition<_invoiceplatform_recurring_v1_ChangeFrequencyResponse, _invoiceplatform_recurring_v1_ChangeFrequencyResponse__Output>
        ClockState: MessageTypeDefinition<_invoiceplatform_recurring_v1_ClockState, _invoiceplatform_recurring_v1_ClockState__Output>
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
        SetClockRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_SetClockRequest, _invoiceplatform_recurring_v1_SetClockRequest__Output>
        SetSeriesStatusRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_SetSeriesStatusRequest, _invoiceplatform_recurring_v1_SetSeriesStatusRequest__Output>
        SkipOccurrenceRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_SkipOccurrenceRequest, _invoiceplatform_recurring_v1_SkipOccurrenceRequest__Output>
      }
    }
  }
}

