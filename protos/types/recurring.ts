import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ChangeFrequencyRequest as _invoiceplatform_recurring_v1_ChangeFrequencyRequest, ChangeFrequencyRequest__Output as _invoiceplatform_recurring_v1_ChangeFrequencyRequest__Output } from './invoiceplatform/recurring/v1/ChangeFrequencyRequest.ts';
import type { ChangeFrequencyResponse as _invoiceplatform_recurring_v1_ChangeFrequencyResponse, ChangeFrequencyResponse__Output as _invoiceplatform_recurring_v1_ChangeFrequencyResponse__Output } from './invoiceplatform/recurring/v1/ChangeFrequencyResponse.ts';
import type { ClockState as _invoiceplatform_recurring_v1_ClockState, ClockState__Output as _invoiceplatform_recurring_v1_ClockState__Output } from './invoiceplatform/recurring/v1/ClockState.ts';
import type { CreateSeriesRequest as _invoiceplatform_recurring_v1_CreateSeriesRequest, CreateSeriesRequest__Output as _invoiceplatform_recurring_v1_CreateSeriesRequest__Output } from './invoiceplatform/recurring/v1/CreateSeriesRequest.ts';
import type { CreateSeriesResponse as _invoiceplatform_recurring_v1_CreateSeriesResponse, CreateSeriesResponse__Output as _invoiceplatform_recurring_v1_CreateSeriesResponse__Output } from './invoiceplatform/recurring/v1/CreateSeriesResponse.ts';
import type { ExtendSeriesRequest as _invoiceplatform_recurring_v1_ExtendSeriesRequest, ExtendSeriesRequest__Output as _invoiceplatform_recurring_v1_ExtendSeriesRequest__Output } from './invoiceplatform/recurring/v1/ExtendSeriesRequest.ts';
import type { ExtendSeriesResponse as _invoiceplatform_recurring_v1_ExtendSeriesResponse, ExtendSeriesResponse__Output as _invoiceplatform_recurring_v1_ExtendSeriesResponse__Output } from './invoiceplatform/recurring/v1/ExtendSeriesResponse.ts';
import type { GetSeriesRequest as _invoiceplatform_recurring_v1_GetSeriesRequest, GetSeriesRequest__Output as _invoiceplatform_recurring_v1_GetSeriesRequest__Output } from './invoiceplatform/recurring/v1/GetSeriesRequest.ts';
import type { ListSeriesRequest as _invoiceplatform_recurring_v1_ListSeriesRequest, ListSeriesRequest__Output as _invoiceplatform_recurring_v1_ListSeriesRequest__Output } from './invoiceplatform/recurring/v1/ListSeriesRequest.ts';
import type { ListSeriesResponse as _invoiceplatform_recurring_v1_ListSeriesResponse, ListSeriesResponse__Output as _invoiceplatform_recurring_v1_ListSeriesResponse__Output } from './invoiceplatform/recurring/v1/ListSeriesResponse.ts';
import type { OccurrenceRun as _invoiceplatform_recurring_v1_OccurrenceRun, OccurrenceRun__Output as _invoiceplatform_recurring_v1_OccurrenceRun__Output } from './invoiceplatform/recurring/v1/OccurrenceRun.ts';
import type { RecurringOccurrence as _invoiceplatform_recurring_v1_RecurringOccurrence, RecurringOccurrence__Output as _invoiceplatform_recurring_v1_RecurringOccurrence__Output } from './invoiceplatform/recurring/v1/RecurringOccurrence.ts';
import type { RecurringSeries as _invoiceplatform_recurring_v1_RecurringSeries, RecurringSeries__Output as _invoiceplatform_recurring_v1_RecurringSeries__Output } from './invoiceplatform/recurring/v1/RecurringSeries.ts';
import type { RecurringServiceClient as _invoiceplatform_recurring_v1_RecurringServiceClient, RecurringServiceDefinition as _invoiceplatform_recurring_v1_RecurringServiceDefinition } from './invoiceplatform/recurring/v1/RecurringService.ts';
import type { RunSchedulerOnceRequest as _invoiceplatform_recurring_v1_RunSchedulerOnceRequest, RunSchedulerOnceRequest__Output as _invoiceplatform_recurring_v1_RunSchedulerOnceRequest__Output } from './invoiceplatform/recurring/v1/RunSchedulerOnceRequest.ts';
import type { RunSchedulerOnceResponse as _invoiceplatform_recurring_v1_RunSchedulerOnceResponse, RunSchedulerOnceResponse__Output as _invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output } from './invoiceplatform/recurring/v1/RunSchedulerOnceResponse.ts';
import type { SetClockRequest as _invoiceplatform_recurring_v1_SetClockRequest, SetClockRequest__Output as _invoiceplatform_recurring_v1_SetClockRequest__Output } from './invoiceplatform/recurring/v1/SetClockRequest.ts';
import type { SetSeriesStatusRequest as _invoiceplatform_recurring_v1_SetSeriesStatusRequest, SetSeriesStatusRequest__Output as _invoiceplatform_recurring_v1_SetSeriesStatusRequest__Output } from './invoiceplatform/recurring/v1/SetSeriesStatusRequest.ts';
import type { SkipOccurrenceRequest as _invoiceplatform_recurring_v1_SkipOccurrenceRequest, SkipOccurrenceRequest__Output as _invoiceplatform_recurring_v1_SkipOccurrenceRequest__Output } from './invoiceplatform/recurring/v1/SkipOccurrenceRequest.ts';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  invoiceplatform: {
    recurring: {
      v1: {
        ChangeFrequencyRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_ChangeFrequencyRequest, _invoiceplatform_recurring_v1_ChangeFrequencyRequest__Output>
        ChangeFrequencyResponse: MessageTypeDefinition<_invoiceplatform_recurring_v1_ChangeFrequencyResponse, _invoiceplatform_recurring_v1_ChangeFrequencyResponse__Output>
        ClockState: MessageTypeDefinition<_invoiceplatform_recurring_v1_ClockState, _invoiceplatform_recurring_v1_ClockState__Output>
        CreateSeriesRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_CreateSeriesRequest, _invoiceplatform_recurring_v1_CreateSeriesRequest__Output>
        CreateSeriesResponse: MessageTypeDefinition<_invoiceplatform_recurring_v1_CreateSeriesResponse, _invoiceplatform_recurring_v1_CreateSeriesResponse__Output>
        ExtendSeriesRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_ExtendSeriesRequest, _invoiceplatform_recurring_v1_ExtendSeriesRequest__Output>
        ExtendSeriesResponse: MessageTypeDefinition<_invoiceplatform_recurring_v1_ExtendSeriesResponse, _invoiceplatform_recurring_v1_ExtendSeriesResponse__Output>
        GetSeriesRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_GetSeriesRequest, _invoiceplatform_recurring_v1_GetSeriesRequest__Output>
        ListSeriesRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_ListSeriesRequest, _invoiceplatform_recurring_v1_ListSeriesRequest__Output>
        ListSeriesResponse: MessageTypeDefinition<_invoiceplatform_recurring_v1_ListSeriesResponse, _invoiceplatform_recurring_v1_ListSeriesResponse__Output>
        OccurrenceRun: MessageTypeDefinition<_invoiceplatform_recurring_v1_OccurrenceRun, _invoiceplatform_recurring_v1_OccurrenceRun__Output>
        RecurringOccurrence: MessageTypeDefinition<_invoiceplatform_recurring_v1_RecurringOccurrence, _invoiceplatform_recurring_v1_RecurringOccurrence__Output>
        RecurringSeries: MessageTypeDefinition<_invoiceplatform_recurring_v1_RecurringSeries, _invoiceplatform_recurring_v1_RecurringSeries__Output>
        RecurringService: SubtypeConstructor<typeof grpc.Client, _invoiceplatform_recurring_v1_RecurringServiceClient> & { service: _invoiceplatform_recurring_v1_RecurringServiceDefinition }
        RunSchedulerOnceRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_RunSchedulerOnceRequest, _invoiceplatform_recurring_v1_RunSchedulerOnceRequest__Output>
        RunSchedulerOnceResponse: MessageTypeDefinition<_invoiceplatform_recurring_v1_RunSchedulerOnceResponse, _invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>
        SetClockRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_SetClockRequest, _invoiceplatform_recurring_v1_SetClockRequest__Output>
        SetSeriesStatusRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_SetSeriesStatusRequest, _invoiceplatform_recurring_v1_SetSeriesStatusRequest__Output>
        SkipOccurrenceRequest: MessageTypeDefinition<_invoiceplatform_recurring_v1_SkipOccurrenceRequest, _invoiceplatform_recurring_v1_SkipOccurrenceRequest__Output>
      }
    }
  }
}

