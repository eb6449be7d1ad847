// Original file: protos/invoiceplatform/testhooks/v1/testhooks.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ClockState as _invoiceplatform_testhooks_v1_ClockState, ClockState__Output as _invoiceplatform_testhooks_v1_ClockState__Output } from '../../../invoiceplatform/testhooks/v1/ClockState.ts';
import type { PurgeDeliveryLogsAtRequest as _invoiceplatform_testhooks_v1_PurgeDeliveryLogsAtRequest, PurgeDeliveryLogsAtRequest__Output as _invoiceplatform_testhooks_v1_PurgeDeliveryLogsAtRequest__Output } from '../../../invoiceplatform/testhooks/v1/PurgeDeliveryLogsAtRequest.ts';
import type { PurgeDeliveryLogsResponse as _invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse, PurgeDeliveryLogsResponse__Output as _invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output } from '../../../invoiceplatform/webhook/v1/PurgeDeliveryLogsResponse.ts';
import type { RunOverdueSweepAtRequest as _invoiceplatform_testhooks_v1_RunOverdueSweepAtRequest, RunOverdueSweepAtRequest__Output as _invoiceplatform_testhooks_v1_RunOverdueSweepAtRequest__Output } from '../../../invoiceplatform/testhooks/v1/RunOverdueSweepAtRequest.ts';
import type { RunOverdueSweepResponse as _invoiceplatform_invoice_v1_RunOverdueSweepResponse, RunOverdueSweepResponse__Output as _invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output } from '../../../invoiceplatform/invoice/v1/RunOverdueSweepResponse.ts';
import type { RunSchedulerAtRequest as _invoiceplatform_testhooks_v1_RunSchedulerAtRequest, RunSchedulerAtRequest__Output as _invoiceplatform_testhooks_v1_RunSchedulerAtRequest__Output } from '../../../invoiceplatform/testhooks/v1/RunSchedulerAtRequest.ts';
import type { RunSchedulerOnceResponse as _invoiceplatform_recurring_v1_RunSchedulerOnceResponse, RunSchedulerOnceResponse__Output as _invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output } from '../../../invoiceplatform/recurring/v1/RunSchedulerOnceResponse.ts';
import type { SetClockRequest as _invoiceplatform_testhooks_v1_SetClockRequest, SetClockRequest__Output as _invoiceplatform_testhooks_v1_SetClockRequest__Output } from '../../../invoiceplatform/testhooks/v1/SetClockRequest.ts';

export interface TestHooksClient extends grpc.Client {
  PurgeDeliveryLogsAt(argument: _invoiceplatform_testhooks_v1_PurgeDeliveryLogsAtRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>): grpc.ClientUnaryCall;
  PurgeDeliveryLogsAt(argument: _invoiceplatform_testhooks_v1_PurgeDeliveryLogsAtRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>): grpc.ClientUnaryCall;
  PurgeDeliveryLogsAt(argument: _invoiceplatform_testhooks_v1_PurgeDeliveryLogsAtRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>): grpc.ClientUnaryCall;
  PurgeDeliveryLogsAt(argument: _invoiceplatform_testhooks_v1_PurgeDeliveryLogsAtRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>): grpc.ClientUnaryCall;
  purgeDeliveryLogsAt(argument: _invoiceplatform_testhooks_v1_PurgeDeliveryLogsAtRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>): grpc.ClientUnaryCall;
  purgeDeliveryLogsAt(argument: _invoiceplatform_testhooks_v1_PurgeDeliveryLogsAtRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>): grpc.ClientUnaryCall;
  purgeDeliveryLogsAt(argument: _invoiceplatform_testhooks_v1_PurgeDeliveryLogsAtRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>): grpc.ClientUnaryCall;
  purgeDeliveryLogsAt(argument: _invoiceplatform_testhooks_v1_PurgeDeliveryLogsAtRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>): grpc.ClientUnaryCall;
  
  RunOverdueSweepAt(argument: _invoiceplatform_testhooks_v1_RunOverdueSweepAtRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>): grpc.ClientUnaryCall;
  RunOverdueSweepAt(argument: _invoiceplatform_testhooks_v1_RunOverdueSweepAtRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>): grpc.ClientUnaryCall;
  RunOverdueSweepAt(argument: _invoiceplatform_testhooks_v1_RunOverdueSweepAtRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>): grpc.ClientUnaryCall;
  RunOverdueSweepAt(argument: _invoiceplatform_testhooks_v1_RunOverdueSweepAtRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>): grpc.ClientUnaryCall;
  runOverdueSweepAt(argument: _invoiceplatform_testhooks_v1_RunOverdueSweepAtRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>): grpc.ClientUnaryCall;
  runOverdueSweepAt(argument: _invoiceplatform_testhooks_v1_RunOverdueSweepAtRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>): grpc.ClientUnaryCall;
  runOverdueSweepAt(argument: _invoiceplatform_testhooks_v1_RunOverdueSweepAtRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>): grpc.ClientUnaryCall;
  runOverdueSweepAt(argument: _invoiceplatform_testhooks_v1_RunOverdueSweepAtRequest, callback: grpc.requestCallback<_invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>): grpc.ClientUnaryCall;
  
  RunSchedulerAt(argument: _invoiceplatform_testhooks_v1_RunSchedulerAtRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>): grpc.ClientUnaryCall;
  RunSchedulerAt(argument: _invoiceplatform_testhooks_v1_RunSchedulerAtRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>): grpc.ClientUnaryCall;
  RunSchedulerAt(argument: _invoiceplatform_testhooks_v1_RunSchedulerAtRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>): grpc.ClientUnaryCall;
  RunSchedulerAt(argument: _invoiceplatform_testhooks_v1_RunSchedulerAtRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>): grpc.ClientUnaryCall;
  runSchedulerAt(argument: _invoiceplatform_testhooks_v1_RunSchedulerAtRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>): grpc.ClientUnaryCall;
  runSchedulerAt(argument: _invoiceplatform_testhooks_v1_RunSchedulerAtRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>): grpc.ClientUnaryCall;
  runSchedulerAt(argument: _invoiceplatform_testhooks_v1_RunSchedulerAtRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>): grpc.ClientUnaryCall;
  runSchedulerAt(argument: _invoiceplatform_testhooks_v1_RunSchedulerAtRequest, callback: grpc.requestCallback<_invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>): grpc.ClientUnaryCall;
  
  SetClock(argument: _invoiceplatform_testhooks_v1_SetClockRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_testhooks_v1_ClockState__Output>): grpc.ClientUnaryCall;
  SetClock(argument: _invoiceplatform_testhooks_v1_SetClockRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_testhooks_v1_ClockState__Output>): grpc.ClientUnaryCall;
  SetClock(argument: _invoiceplatform_testhooks_v1_SetClockRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_testhooks_v1_ClockState__Output>): grpc.ClientUnaryCall;
  SetClock(argument: _invoiceplatform_testhooks_v1_SetClockRequest, callback: grpc.requestCallback<_invoiceplatform_testhooks_v1_ClockState__Output>): grpc.ClientUnaryCall;
  setClock(argument: _invoiceplatform_testhooks_v1_SetClockRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_testhooks_v1_ClockState__Output>): grpc.ClientUnaryCall;
  setClock(argument: _invoiceplatform_testhooks_v1_SetClockRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_testhooks_v1_ClockState__Output>): grpc.ClientUnaryCall;
  setClock(argument: _invoiceplatform_testhooks_v1_SetClockRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_testhooks_v1_ClockState__Output>): grpc.ClientUnaryCall;
  setClock(argument: _invoiceplatform_testhooks_v1_SetClockRequest, callback: grpc.requestCallback<_invoiceplatform_testhooks_v1_ClockState__Output>): grpc.ClientUnaryCall;
  
}

export interface TestHooksHandlers extends grpc.UntypedServiceImplementation {
  PurgeDeliveryLogsAt: grpc.handleUnaryCall<_invoiceplatform_testhooks_v1_PurgeDeliveryLogsAtRequest__Output, _invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse>;
  
  RunOverdueSweepAt: grpc.handleUnaryCall<_invoiceplatform_testhooks_v1_RunOverdueSweepAtRequest__Output, _invoiceplatform_invoice_v1_RunOverdueSweepResponse>;
  
  RunSchedulerAt: grpc.handleUnaryCall<_invoiceplatform_testhooks_v1_RunSchedulerAtRequest__Output, _invoiceplatform_recurring_v1_RunSchedulerOnceResponse>;
  
  SetClock: grpc.handleUnaryCall<_invoiceplatform_testhooks_v1_SetClockRequest__Output, _invoiceplatform_testhooks_v1_ClockState>;
  
}

export interface TestHooksDefinition extends grpc.ServiceDefinition {
  PurgeDeliveryLogsAt: MethodDefinition<_invoiceplatform_testhooks_v1_PurgeDeliveryLogsAtRequest, _invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse, _invoiceplatform_testhooks_v1_PurgeDeliveryLogsAtRequest__Output, _invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>
  RunOverdueSweepAt: MethodDefinition<_invoiceplatform_testhooks_v1_RunOverdueSweepAtRequest, _invoiceplatform_invoice_v1_RunOverdueSweepResponse, _invoiceplatform_testhooks_v1_RunOverdueSweepAtRequest__Output, _invoiceplatform_invoice_v1_RunOverdueSweepResponse__Output>
  RunSchedulerAt: MethodDefinition<_invoiceplatform_testhooks_v1_RunSchedulerAtRequest, _invoiceplatform_recurring_v1_RunSchedulerOnceResponse, _invoiceplatform_testhooks_v1_RunSchedulerAtRequest__Output, _invoiceplatform_recurring_v1_RunSchedulerOnceResponse__Output>
  SetClock: MethodDefinition<_invoiceplatform_testhooks_v1_SetClockRequest, _invoiceplatform_testhooks_v1_ClockState, _invoiceplatform_testhooks_v1_SetClockRequest__Output, _invoiceplatform_testhooks_v1_ClockState__Output>
}
