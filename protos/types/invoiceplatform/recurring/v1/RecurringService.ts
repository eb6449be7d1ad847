// Original file: protos/invoiceplatform/recurring/v1/recurring.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ChangeFrequencyRequest as _invoiceplatform_recurring_v1_ChangeFrequencyRequest, ChangeFrequencyRequest__Output as _invoiceplatform_recurring_v1_ChangeFrequencyRequest__Output } from '../../../invoiceplatform/recurring/v1/ChangeFrequencyRequest.ts';
import type { ChangeFrequencyResponse as _invoiceplatform_recurring_v1_ChangeFrequencyResponse, ChangeFrequencyResponse__Output as _invoiceplatform_recurring_v1_ChangeFrequencyResponse__Output } from '../../../invoiceplatform/recurring/v1/ChangeFrequencyResponse.ts';
import type { CheckLegalProfileChangeRequest as _invoiceplatform_recurring_v1_CheckLegalProfileChangeRequest, CheckLegalProfileChangeRequest__Output as _invoiceplatform_recurring_v1_CheckLegalProfileChangeRequest__Output } from '../../../invoiceplatform/recurring/v1/CheckLegalProfileChangeRequest.ts';
import type { CheckLegalProfileChangeResponse as _invoiceplatform_recurring_v1_CheckLegalProfileChangeResponse, CheckLegalProfileChangeResponse__Output as _invoiceplatform_recurring_v1_CheckLegalProfileChangeResponse__Output } from '../../../invoiceplatform/recurring/v1/CheckLegalProfileChangeResponse.ts';
import type { CreateSeriesRequest as _invoiceplatform_recurring_v1_CreateSeriesRequest, CreateSeriesRequest__Output as _invoiceplatform_recurring_v1_CreateSeriesRequest__Output } from '../../../invoiceplatform/recurring/v1/CreateSeriesRequest.ts';
import type { CreateSeriesResponse as _invoiceplatform_recurring_v1_CreateSeriesResponse, CreateSeriesResponse__Output as _invoiceplatform_recurring_v1_CreateSeriesResponse__Output } from '../../../invoiceplatform/recurring/v1/CreateSeriesResponse.ts';
import type { DeleteSeriesRequest as _invoiceplatform_recurring_v1_DeleteSeriesRequest, DeleteSeriesRequest__Output as _invoiceplatform_recurring_v1_DeleteSeriesRequest__Output } from '../../../invoiceplatform/recurring/v1/DeleteSeriesRequest.ts';
import type { DeleteSeriesResponse as _invoiceplatform_recurring_v1_DeleteSeriesResponse, DeleteSeriesResponse__Output as _invoiceplatform_recurring_v1_DeleteSeriesResponse__Output } from '../../../invoiceplatform/recurring/v1/DeleteSeriesResponse.ts';
import type { EditSeriesContentRequest as _invoiceplatform_recurring_v1_EditSeriesContentRequest, EditSeriesContentRequest__Output as _invoiceplatform_recurring_v1_EditSeriesContentRequest__Output } from '../../../invoiceplatform/recurring/v1/EditSeriesContentRequest.ts';
import type { EditSeriesContentResponse as _invoiceplatform_recurring_v1_EditSeriesContentResponse, EditSeriesContentResponse__Output as _invoiceplatform_recurring_v1_EditSeriesContentResponse__Output } from '../../../invoiceplatform/recurring/v1/EditSeriesContentResponse.ts';
import type { ExtendSeriesRequest as _invoiceplatform_recurring_v1_ExtendSeriesRequest, ExtendSeriesRequest__Output as _invoiceplatform_recurring_v1_ExtendSeriesRequest__Output } from '../../../invoiceplatform/recurring/v1/ExtendSeriesRequest.ts';
import type { ExtendSeriesResponse as _invoiceplatform_recurring_v1_ExtendSeriesResponse, ExtendSeriesResponse__Output as _invoiceplatform_recurring_v1_ExtendSeriesResponse__Output } from '../../../invoiceplatform/recurring/v1/ExtendSeriesResponse.ts';
import type { GetSeriesRequest as _invoiceplatform_recurring_v1_GetSeriesRequest, GetSeriesRequest__Output as _invoiceplatform_recurring_v1_GetSeriesRequest__Output } from '../../../invoiceplatform/recurring/v1/GetSeriesRequest.ts';
import type { ListSeriesRequest as _invoiceplatform_recurring_v1_ListSeriesRequest, ListSeriesRequest__Output as _invoiceplatform_recurring_v1_ListSeriesRequest__Output } from '../../../invoiceplatform/recurring/v1/ListSeriesRequest.ts';
import type { ListSeriesResponse as _invoiceplatform_recurring_v1_ListSeriesResponse, ListSeriesResponse__Output as _invoiceplatform_recurring_v1_ListSeriesResponse__Output } from '../../../invoiceplatform/recurring/v1/ListSeriesResponse.ts';
import type { RecurringSeries as _invoiceplatform_recurring_v1_RecurringSeries, RecurringSeries__Output as _invoiceplatform_recurring_v1_RecurringSeries__Output } from '../../../invoiceplatform/recurring/v1/RecurringSeries.ts';
import type { RunSchedulerOnceRequest as _invoiceplatform_recurring_v1_RunSchedulerOnceRequest, RunSchedulerOnceRequest__Output as _invoiceplatform_recurring_v1_RunSchedulerOnceRequest__Output } from '../../../invoiceplatform/recurring/v1/RunSchedulerOnceRequest.ts';
import type { RunSchedulerOnceResponse as _invoiceplatform_recurring_v1_RunSchedulerOnceResponse, RunSchedulerOnceResponse__Output as _invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output } from '../../../invoiceplatform/recurring/v1/RunSchedulerOnceResponse.ts';
import type { SetSeriesStatusRequest as _invoiceplatform_recurring_v1_SetSeriesStatusRequest, SetSeriesStatusRequest__Output as _invoiceplatform_recurring_v1_SetSeriesStatusRequest__Output } from '../../../invoiceplatform/recurring/v1/SetSeriesStatusRequest.ts';
import type { SkipOccurrenceRequest as _invoiceplatform_recurring_v1_SkipOccurrenceRequest, SkipOccurrenceRequest__Output as _invoiceplatform_recurring_v1_SkipOccurrenceRequest__Output } from '../../../invoiceplatform/recurring/v1/SkipOccurrenceRequest.ts';

export interface RecurringServiceClient extends grpc.Client {
  ChangeFrequency(argument: _invoiceplatform_recurring_v1_ChangeFrequencyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ChangeFrequencyResponse__Output>): grpc.ClientUnaryCall;
  ChangeFrequency(argument: _invoiceplatform_recurring_v1_ChangeFrequencyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ChangeFrequencyResponse__Output>): grpc.ClientUnaryCall;
  ChangeFrequency(argument: _invoiceplatform_recurring_v1_ChangeFrequencyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ChangeFrequencyResponse__Output>): grpc.ClientUnaryCall;
  ChangeFrequency(argument: _invoiceplatform_recurring_v1_ChangeFrequencyRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ChangeFrequencyResponse__Output>): grpc.ClientUnaryCall;
  changeFrequency(argument: _invoiceplatform_recurring_v1_ChangeFrequencyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ChangeFrequencyResponse__Output>): grpc.ClientUnaryCall;
  changeFrequency(argument: _invoiceplatform_recurring_v1_ChangeFrequencyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ChangeFrequencyResponse__Output>): grpc.ClientUnaryCall;
  changeFrequency(argument: _invoiceplatform_recurring_v1_ChangeFrequencyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ChangeFrequencyResponse__Output>): grpc.ClientUnaryCall;
  changeFrequency(argument: _invoiceplatform_recurring_v1_ChangeFrequencyRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ChangeFrequencyResponse__Output>): grpc.ClientUnaryCall;
  
  CheckLegalProfileChange(argument: _invoiceplatform_recurring_v1_CheckLegalProfileChangeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_CheckLegalProfileChangeResponse__Output>): grpc.ClientUnaryCall;
  CheckLegalProfileChange(argument: _invoiceplatform_recurring_v1_CheckLegalProfileChangeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_CheckLegalProfileChangeResponse__Output>): grpc.ClientUnaryCall;
  CheckLegalProfileChange(argument: _invoiceplatform_recurring_v1_CheckLegalProfileChangeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_CheckLegalProfileChangeResponse__Output>): grpc.ClientUnaryCall;
  CheckLegalProfileChange(argument: _invoiceplatform_recurring_v1_CheckLegalProfileChangeRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_CheckLegalProfileChangeResponse__Output>): grpc.ClientUnaryCall;
  checkLegalProfileChange(argument: _invoiceplatform_recurring_v1_CheckLegalProfileChangeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_CheckLegalProfileChangeResponse__Output>): grpc.ClientUnaryCall;
  checkLegalProfileChange(argument: _invoiceplatform_recurring_v1_CheckLegalProfileChangeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_CheckLegalProfileChangeResponse__Output>): grpc.ClientUnaryCall;
  checkLegalProfileChange(argument: _invoiceplatform_recurring_v1_CheckLegalProfileChangeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_CheckLegalProfileChangeResponse__Output>): grpc.ClientUnaryCall;
  checkLegalProfileChange(argument: _invoiceplatform_recurring_v1_CheckLegalProfileChangeRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_CheckLegalProfileChangeResponse__Output>): grpc.ClientUnaryCall;
  
  CreateSeries(argument: _invoiceplatform_recurring_v1_CreateSeriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_CreateSeriesResponse__Output>): grpc.ClientUnaryCall;
  CreateSeries(argument: _invoiceplatform_recurring_v1_CreateSeriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_CreateSeriesResponse__Output>): grpc.ClientUnaryCall;
  CreateSeries(argument: _invoiceplatform_recurring_v1_CreateSeriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_CreateSeriesResponse__Output>): grpc.ClientUnaryCall;
  CreateSeries(argument: _invoiceplatform_recurring_v1_CreateSeriesRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_CreateSeriesResponse__Output>): grpc.ClientUnaryCall;
  createSeries(argument: _invoiceplatform_recurring_v1_CreateSeriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_CreateSeriesResponse__Output>): grpc.ClientUnaryCall;
  createSeries(argument: _invoiceplatform_recurring_v1_CreateSeriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_CreateSeriesResponse__Output>): grpc.ClientUnaryCall;
  createSeries(argument: _invoiceplatform_recurring_v1_CreateSeriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_CreateSeriesResponse__Output>): grpc.ClientUnaryCall;
  createSeries(argument: _invoiceplatform_recurring_v1_CreateSeriesRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_CreateSeriesResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteSeries(argument: _invoiceplatform_recurring_v1_DeleteSeriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_DeleteSeriesResponse__Output>): grpc.ClientUnaryCall;
  DeleteSeries(argument: _invoiceplatform_recurring_v1_DeleteSeriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_DeleteSeriesResponse__Output>): grpc.ClientUnaryCall;
  DeleteSeries(argument: _invoiceplatform_recurring_v1_DeleteSeriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_DeleteSeriesResponse__Output>): grpc.ClientUnaryCall;
  DeleteSeries(argument: _invoiceplatform_recurring_v1_DeleteSeriesRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_DeleteSeriesResponse__Output>): grpc.ClientUnaryCall;
  deleteSeries(argument: _invoiceplatform_recurring_v1_DeleteSeriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_DeleteSeriesResponse__Output>): grpc.ClientUnaryCall;
  deleteSeries(argument: _invoiceplatform_recurring_v1_DeleteSeriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_DeleteSeriesResponse__Output>): grpc.ClientUnaryCall;
  deleteSeries(argument: _invoiceplatform_recurring_v1_DeleteSeriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_DeleteSeriesResponse__Output>): grpc.ClientUnaryCall;
  deleteSeries(argument: _invoiceplatform_recurring_v1_DeleteSeriesRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_DeleteSeriesResponse__Output>): grpc.ClientUnaryCall;
  
  EditSeriesContent(argument: _invoiceplatform_recurring_v1_EditSeriesContentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_EditSeriesContentResponse__Output>): grpc.ClientUnaryCall;
  EditSeriesContent(argument: _invoiceplatform_recurring_v1_EditSeriesContentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_EditSeriesContentResponse__Output>): grpc.ClientUnaryCall;
  EditSeriesContent(argument: _invoiceplatform_recurring_v1_EditSeriesContentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_EditSeriesContentResponse__Output>): grpc.ClientUnaryCall;
  EditSeriesContent(argument: _invoiceplatform_recurring_v1_EditSeriesContentRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_EditSeriesContentResponse__Output>): grpc.ClientUnaryCall;
  editSeriesContent(argument: _invoiceplatform_recurring_v1_EditSeriesContentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_EditSeriesContentResponse__Output>): grpc.ClientUnaryCall;
  editSeriesContent(argument: _invoiceplatform_recurring_v1_EditSeriesContentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_EditSeriesContentResponse__Output>): grpc.ClientUnaryCall;
  editSeriesContent(argument: _invoiceplatform_recurring_v1_EditSeriesContentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_EditSeriesContentResponse__Output>): grpc.ClientUnaryCall;
  editSeriesContent(argument: _invoiceplatform_recurring_v1_EditSeriesContentRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_EditSeriesContentResponse__Output>): grpc.ClientUnaryCall;
  
  ExtendSeries(argument: _invoiceplatform_recurring_v1_ExtendSeriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ExtendSeriesResponse__Output>): grpc.ClientUnaryCall;
  ExtendSeries(argument: _invoiceplatform_recurring_v1_ExtendSeriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ExtendSeriesResponse__Output>): grpc.ClientUnaryCall;
  ExtendSeries(argument: _invoiceplatform_recurring_v1_ExtendSeriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ExtendSeriesResponse__Output>): grpc.ClientUnaryCall;
  ExtendSeries(argument: _invoiceplatform_recurring_v1_ExtendSeriesRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ExtendSeriesResponse__Output>): grpc.ClientUnaryCall;
  extendSeries(argument: _invoiceplatform_recurring_v1_ExtendSeriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ExtendSeriesResponse__Output>): grpc.ClientUnaryCall;
  extendSeries(argument: _invoiceplatform_recurring_v1_ExtendSeriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ExtendSeriesResponse__Output>): grpc.ClientUnaryCall;
  extendSeries(argument: _invoiceplatform_recurring_v1_ExtendSeriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ExtendSeriesResponse__Output>): grpc.ClientUnaryCall;
  extendSeries(argument: _invoiceplatform_recurring_v1_ExtendSeriesRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ExtendSeriesResponse__Output>): grpc.ClientUnaryCall;
  
  GetSeries(argument: _invoiceplatform_recurring_v1_GetSeriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  GetSeries(argument: _invoiceplatform_recurring_v1_GetSeriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  GetSeries(argument: _invoiceplatform_recurring_v1_GetSeriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  GetSeries(argument: _invoiceplatform_recurring_v1_GetSeriesRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  getSeries(argument: _invoiceplatform_recurring_v1_GetSeriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  getSeries(argument: _invoiceplatform_recurring_v1_GetSeriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  getSeries(argument: _invoiceplatform_recurring_v1_GetSeriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  getSeries(argument: _invoiceplatform_recurring_v1_GetSeriesRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  
  ListSeries(argument: _invoiceplatform_recurring_v1_ListSeriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ListSeriesResponse__Output>): grpc.ClientUnaryCall;
  ListSeries(argument: _invoiceplatform_recurring_v1_ListSeriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ListSeriesResponse__Output>): grpc.ClientUnaryCall;
  ListSeries(argument: _invoiceplatform_recurring_v1_ListSeriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ListSeriesResponse__Output>): grpc.ClientUnaryCall;
  ListSeries(argument: _invoiceplatform_recurring_v1_ListSeriesRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ListSeriesResponse__Output>): grpc.ClientUnaryCall;
  listSeries(argument: _invoiceplatform_recurring_v1_ListSeriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ListSeriesResponse__Output>): grpc.ClientUnaryCall;
  listSeries(argument: _invoiceplatform_recurring_v1_ListSeriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ListSeriesResponse__Output>): grpc.ClientUnaryCall;
  listSeries(argument: _invoiceplatform_recurring_v1_ListSeriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ListSeriesResponse__Output>): grpc.ClientUnaryCall;
  listSeries(argument: _invoiceplatform_recurring_v1_ListSeriesRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_ListSeriesResponse__Output>): grpc.ClientUnaryCall;
  
  RunSchedulerOnce(argument: _invoiceplatform_recurring_v1_RunSchedulerOnceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>): grpc.ClientUnaryCall;
  RunSchedulerOnce(argument: _invoiceplatform_recurring_v1_RunSchedulerOnceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>): grpc.ClientUnaryCall;
  RunSchedulerOnce(argument: _invoiceplatform_recurring_v1_RunSchedulerOnceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>): grpc.ClientUnaryCall;
  RunSchedulerOnce(argument: _invoiceplatform_recurring_v1_RunSchedulerOnceRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>): grpc.ClientUnaryCall;
  runSchedulerOnce(argument: _invoiceplatform_recurring_v1_RunSchedulerOnceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>): grpc.ClientUnaryCall;
  runSchedulerOnce(argument: _invoiceplatform_recurring_v1_RunSchedulerOnceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>): grpc.ClientUnaryCall;
  runSchedulerOnce(argument: _invoiceplatform_recurring_v1_RunSchedulerOnceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>): grpc.ClientUnaryCall;
  runSchedulerOnce(argument: _invoiceplatform_recurring_v1_RunSchedulerOnceRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>): grpc.ClientUnaryCall;
  
  SetSeriesStatus(argument: _invoiceplatform_recurring_v1_SetSeriesStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  SetSeriesStatus(argument: _invoiceplatform_recurring_v1_SetSeriesStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  SetSeriesStatus(argument: _invoiceplatform_recurring_v1_SetSeriesStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  SetSeriesStatus(argument: _invoiceplatform_recurring_v1_SetSeriesStatusRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  setSeriesStatus(argument: _invoiceplatform_recurring_v1_SetSeriesStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  setSeriesStatus(argument: _invoiceplatform_recurring_v1_SetSeriesStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  setSeriesStatus(argument: _invoiceplatform_recurring_v1_SetSeriesStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  setSeriesStatus(argument: _invoiceplatform_recurring_v1_SetSeriesStatusRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  
  SkipOccurrence(argument: _invoiceplatform_recurring_v1_SkipOccurrenceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  SkipOccurrence(argument: _invoiceplatform_recurring_v1_SkipOccurrenceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  SkipOccurrence(argument: _invoiceplatform_recurring_v1_SkipOccurrenceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  SkipOccurrence(argument: _invoiceplatform_recurring_v1_SkipOccurrenceRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  skipOccurrence(argument: _invoiceplatform_recurring_v1_SkipOccurrenceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  skipOccurrence(argument: _invoiceplatform_recurring_v1_SkipOccurrenceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  skipOccurrence(argument: _invoiceplatform_recurring_v1_SkipOccurrenceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  skipOccurrence(argument: _invoiceplatform_recurring_v1_SkipOccurrenceRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RecurringSeries__Output>): grpc.ClientUnaryCall;
  
}

export interface RecurringServiceHandlers extends grpc.UntypedServiceImplementation {
  ChangeFrequency: grpc.handleUnaryCall<_invoiceplatform_recurring_v1_ChangeFrequencyRequest__Output, _invoiceplatform_recurring_v1_ChangeFrequencyResponse>;
  
  CheckLegalProfileChange: grpc.handleUnaryCall<_invoiceplatform_recurring_v1_CheckLegalProfileChangeRequest__Output, _invoiceplatform_recurring_v1_CheckLegalProfileChangeResponse>;
  
  CreateSeries: grpc.handleUnaryCall<_invoiceplatform_recurring_v1_CreateSeriesRequest__Output, _invoiceplatform_recurring_v1_CreateSeriesResponse>;
  
  DeleteSeries: grpc.handleUnaryCall<_invoiceplatform_recurring_v1_DeleteSeriesRequest__Output, _invoiceplatform_recurring_v1_DeleteSeriesResponse>;
  
  EditSeriesContent: grpc.handleUnaryCall<_invoiceplatform_recurring_v1_EditSeriesContentRequest__Output, _invoiceplatform_recurring_v1_EditSeriesContentResponse>;
  
  ExtendSeries: grpc.handleUnaryCall<_invoiceplatform_recurring_v1_ExtendSeriesRequest__Output, _invoiceplatform_recurring_v1_ExtendSeriesResponse>;
  
  GetSeries: grpc.handleUnaryCall<_invoiceplatform_recurring_v1_GetSeriesRequest__Output, _invoiceplatform_recurring_v1_RecurringSeries>;
  
  ListSeries: grpc.handleUnaryCall<_invoiceplatform_recurring_v1_ListSeriesRequest__Output, _invoiceplatform_recurring_v1_ListSeriesResponse>;
  
  RunSchedulerOnce: grpc.handleUnaryCall<_invoiceplatform_recurring_v1_RunSchedulerOnceRequest__Output, _invoiceplatform_recurring_v1_RunSchedulerOnceResponse>;
  
  SetSeriesStatus: grpc.handleUnaryCall<_invoiceplatform_recurring_v1_SetSeriesStatusRequest__Output, _invoiceplatform_recurring_v1_RecurringSeries>;
  
  SkipOccurrence: grpc.handleUnaryCall<_invoiceplatform_recurring_v1_SkipOccurrenceRequest__Output, _invoiceplatform_recurring_v1_RecurringSeries>;
  
}

export interface RecurringServiceDefinition extends grpc.ServiceDefinition {
  ChangeFrequency: MethodDefinition<_invoiceplatform_recurring_v1_ChangeFrequencyRequest, _invoiceplatform_recurring_v1_ChangeFrequencyResponse, _invoiceplatform_recurring_v1_ChangeFrequencyRequest__Output, _invoiceplatform_recurring_v1_ChangeFrequencyResponse__Output>
  CheckLegalProfileChange: MethodDefinition<_invoiceplatform_recurring_v1_CheckLegalProfileChangeRequest, _invoiceplatform_recurring_v1_CheckLegalProfileChangeResponse, _invoiceplatform_recurring_v1_CheckLegalProfileChangeRequest__Output, _invoiceplatform_recurring_v1_CheckLegalProfileChangeResponse__Output>
  CreateSeries: MethodDefinition<_invoiceplatform_recurring_v1_CreateSeriesRequest, _invoiceplatform_recurring_v1_CreateSeriesResponse, _invoiceplatform_recurring_v1_CreateSeriesRequest__Output, _invoiceplatform_recurring_v1_CreateSeriesResponse__Output>
  DeleteSeries: MethodDefinition<_invoiceplatform_recurring_v1_DeleteSeriesRequest, _invoiceplatform_recurring_v1_DeleteSeriesResponse, _invoiceplatform_recurring_v1_DeleteSeriesRequest__Output, _invoiceplatform_recurring_v1_DeleteSeriesResponse__Output>
  EditSeriesContent: MethodDefinition<_invoiceplatform_recurring_v1_EditSeriesContentRequest, _invoiceplatform_recurring_v1_EditSeriesContentResponse, _invoiceplatform_recurring_v1_EditSeriesContentRequest__Output, _invoiceplatform_recurring_v1_EditSeriesContentResponse__Output>
  ExtendSeries: MethodDefinition<_invoiceplatform_recurring_v1_ExtendSeriesRequest, _invoiceplatform_recurring_v1_ExtendSeriesResponse, _invoiceplatform_recurring_v1_ExtendSeriesRequest__Output, _invoiceplatform_recurring_v1_ExtendSeriesResponse__Output>
  GetSeries: MethodDefinition<_invoiceplatform_recurring_v1_GetSeriesRequest, _invoiceplatform_recurring_v1_RecurringSeries, _invoiceplatform_recurring_v1_GetSeriesRequest__Output, _invoiceplatform_recurring_v1_RecurringSeries__Output>
  ListSeries: MethodDefinition<_invoiceplatform_recurring_v1_ListSeriesRequest, _invoiceplatform_recurring_v1_ListSeriesResponse, _invoiceplatform_recurring_v1_ListSeriesRequest__Output, _invoiceplatform_recurring_v1_ListSeriesResponse__Output>
  RunSchedulerOnce: MethodDefinition<_invoiceplatform_recurring_v1_RunSchedulerOnceRequest, _invoiceplatform_recurring_v1_RunSchedulerOnceResponse, _invoiceplatform_recurring_v1_RunSchedulerOnceRequest__Output, _invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>
  SetSeriesStatus: MethodDefinition<_invoiceplatform_recurring_v1_SetSeriesStatusRequest, _invoiceplatform_recurring_v1_RecurringSeries, _invoiceplatform_recurring_v1_SetSeriesStatusRequest__Output, _invoiceplatform_recurring_v1_RecurringSeries__Output>
  SkipOccurrence: MethodDefinition<_invoiceplatform_recurring_v1_SkipOccurrenceRequest, _invoiceplatform_recurring_v1_RecurringSeries, _invoiceplatform_recurring_v1_SkipOccurrenceRequest__Output, _invoiceplatform_recurring_v1_RecurringSeries__Output>
}
