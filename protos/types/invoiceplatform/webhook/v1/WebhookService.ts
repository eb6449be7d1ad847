// Original file: protos/invoiceplatform/webhook/v1/webhook.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DeleteEndpointRequest as _invoiceplatform_webhook_v1_DeleteEndpointRequest, DeleteEndpointRequest__Output as _invoiceplatform_webhook_v1_DeleteEndpointRequest__Output } from '../../../invoiceplatform/webhook/v1/DeleteEndpointRequest.ts';
import type { DeleteEndpointResponse as _invoiceplatform_webhook_v1_DeleteEndpointResponse, DeleteEndpointResponse__Output as _invoiceplatform_webhook_v1_DeleteEndpointResponse__Output } from '../../../invoiceplatform/webhook/v1/DeleteEndpointResponse.ts';
import type { ListDeliveriesRequest as _invoiceplatform_webhook_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _invoiceplatform_webhook_v1_ListDeliveriesRequest__Output } from '../../../invoiceplatform/webhook/v1/ListDeliveriesRequest.ts';
import type { ListDeliveriesResponse as _invoiceplatform_webhook_v1_ListDeliveriesResponse, ListDeliveriesResponse__Output as _invoiceplatform_webhook_v1_ListDeliveriesResponse__Output } from '../../../invoiceplatform/webhook/v1/ListDeliveriesResponse.ts';
import type { ListEndpointsRequest as _invoiceplatform_webhook_v1_ListEndpointsRequest, ListEndpointsRequest__Output as _invoiceplatform_webhook_v1_ListEndpointsRequest__Output } from '../../../invoiceplatform/webhook/v1/ListEndpointsRequest.ts';
import type { ListEndpointsResponse as _invoiceplatform_webhook_v1_ListEndpointsResponse, ListEndpointsResponse__Output as _invoiceplatform_webhook_v1_ListEndpointsResponse__Output } from '../../../invoiceplatform/webhook/v1/ListEndpointsResponse.ts';
import type { PurgeDeliveryLogsRequest as _invoiceplatform_webhook_v1_PurgeDeliveryLogsRequest, PurgeDeliveryLogsRequest__Output as _invoiceplatform_webhook_v1_PurgeDeliveryLogsRequest__Output } from '../../../invoiceplatform/webhook/v1/PurgeDeliveryLogsRequest.ts';
import type { PurgeDeliveryLogsResponse as _invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse, PurgeDeliveryLogsResponse__Output as _invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output } from '../../../invoiceplatform/webhook/v1/PurgeDeliveryLogsResponse.ts';
import type { RegisterEndpointRequest as _invoiceplatform_webhook_v1_RegisterEndpointRequest, RegisterEndpointRequest__Output as _invoiceplatform_webhook_v1_RegisterEndpointRequest__Output } from '../../../invoiceplatform/webhook/v1/RegisterEndpointRequest.ts';
import type { RegisterEndpointResponse as _invoiceplatform_webhook_v1_RegisterEndpointResponse, RegisterEndpointResponse__Output as _invoiceplatform_webhook_v1_RegisterEndpointResponse__Output } from '../../../invoiceplatform/webhook/v1/RegisterEndpointResponse.ts';
import type { ResendEventRequest as _invoiceplatform_webhook_v1_ResendEventRequest, ResendEventRequest__Output as _invoiceplatform_webhook_v1_ResendEventRequest__Output } from '../../../invoiceplatform/webhook/v1/ResendEventRequest.ts';
import type { ResendEventResponse as _invoiceplatform_webhook_v1_ResendEventResponse, ResendEventResponse__Output as _invoiceplatform_webhook_v1_ResendEventResponse__Output } from '../../../invoiceplatform/webhook/v1/ResendEventResponse.ts';
import type { RotateSecretRequest as _invoiceplatform_webhook_v1_RotateSecretRequest, RotateSecretRequest__Output as _invoiceplatform_webhook_v1_RotateSecretRequest__Output } from '../../../invoiceplatform/webhook/v1/RotateSecretRequest.ts';
import type { RotateSecretResponse as _invoiceplatform_webhook_v1_RotateSecretResponse, RotateSecretResponse__Output as _invoiceplatform_webhook_v1_RotateSecretResponse__Output } from '../../../invoiceplatform/webhook/v1/RotateSecretResponse.ts';
import type { RunDueDeliveriesRequest as _invoiceplatform_webhook_v1_RunDueDeliveriesRequest, RunDueDeliveriesRequest__Output as _invoiceplatform_webhook_v1_RunDueDeliveriesRequest__Output } from '../../../invoiceplatform/webhook/v1/RunDueDeliveriesRequest.ts';
import type { RunDueDeliveriesResponse as _invoiceplatform_webhook_v1_RunDueDeliveriesResponse, RunDueDeliveriesResponse__Output as _invoiceplatform_webhook_v1_RunDueDeliveriesResponse__Output } from '../../../invoiceplatform/webhook/v1/RunDueDeliveriesResponse.ts';
import type { SetEndpointEnabledRequest as _invoiceplatform_webhook_v1_SetEndpointEnabledRequest, SetEndpointEnabledRequest__Output as _invoiceplatform_webhook_v1_SetEndpointEnabledRequest__Output } from '../../../invoiceplatform/webhook/v1/SetEndpointEnabledRequest.ts';
import type { WebhookEndpoint as _invoiceplatform_webhook_v1_WebhookEndpoint, WebhookEndpoint__Output as _invoiceplatform_webhook_v1_WebhookEndpoint__Output } from '../../../invoiceplatform/webhook/v1/WebhookEndpoint.ts';

export interface WebhookServiceClient extends grpc.Client {
  DeleteEndpoint(argument: _invoiceplatform_webhook_v1_DeleteEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  DeleteEndpoint(argument: _invoiceplatform_webhook_v1_DeleteEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  DeleteEndpoint(argument: _invoiceplatform_webhook_v1_DeleteEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  DeleteEndpoint(argument: _invoiceplatform_webhook_v1_DeleteEndpointRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  deleteEndpoint(argument: _invoiceplatform_webhook_v1_DeleteEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  deleteEndpoint(argument: _invoiceplatform_webhook_v1_DeleteEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  deleteEndpoint(argument: _invoiceplatform_webhook_v1_DeleteEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  deleteEndpoint(argument: _invoiceplatform_webhook_v1_DeleteEndpointRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_DeleteEndpointResponse__Output>): grpc.ClientUnaryCall;
  
  ListDeliveries(argument: _invoiceplatform_webhook_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _invoiceplatform_webhook_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _invoiceplatform_webhook_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _invoiceplatform_webhook_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _invoiceplatform_webhook_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _invoiceplatform_webhook_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _invoiceplatform_webhook_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _invoiceplatform_webhook_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  
  ListEndpoints(argument: _invoiceplatform_webhook_v1_ListEndpointsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  ListEndpoints(argument: _invoiceplatform_webhook_v1_ListEndpointsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  ListEndpoints(argument: _invoiceplatform_webhook_v1_ListEndpointsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  ListEndpoints(argument: _invoiceplatform_webhook_v1_ListEndpointsRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _invoiceplatform_webhook_v1_ListEndpointsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _invoiceplatform_webhook_v1_ListEndpointsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _invoiceplatform_webhook_v1_ListEndpointsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _invoiceplatform_webhook_v1_ListEndpointsRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  
  PurgeDeliveryLogs(argument: _invoiceplatform_webhook_v1_PurgeDeliveryLogsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>): grpc.ClientUnaryCall;
  PurgeDeliveryLogs(argument: _invoiceplatform_webhook_v1_PurgeDeliveryLogsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>): grpc.ClientUnaryCall;
  PurgeDeliveryLogs(argument: _invoiceplatform_webhook_v1_PurgeDeliveryLogsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>): grpc.ClientUnaryCall;
  PurgeDeliveryLogs(argument: _invoiceplatform_webhook_v1_PurgeDeliveryLogsRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>): grpc.ClientUnaryCall;
  purgeDeliveryLogs(argument: _invoiceplatform_webhook_v1_PurgeDeliveryLogsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>): grpc.ClientUnaryCall;
  purgeDeliveryLogs(argument: _invoiceplatform_webhook_v1_PurgeDeliveryLogsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>): grpc.ClientUnaryCall;
  purgeDeliveryLogs(argument: _invoiceplatform_webhook_v1_PurgeDeliveryLogsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>): grpc.ClientUnaryCall;
  purgeDeliveryLogs(argument: _invoiceplatform_webhook_v1_PurgeDeliveryLogsRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>): grpc.ClientUnaryCall;
  
  RegisterEndpoint(argument: _invoiceplatform_webhook_v1_RegisterEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RegisterEndpointResponse__Output>): grpc.ClientUnaryCall;
  RegisterEndpoint(argument: _invoiceplatform_webhook_v1_RegisterEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RegisterEndpointResponse__Output>): grpc.ClientUnaryCall;
  RegisterEndpoint(argument: _invoiceplatform_webhook_v1_RegisterEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RegisterEndpointResponse__Output>): grpc.ClientUnaryCall;
  RegisterEndpoint(argument: _invoiceplatform_webhook_v1_RegisterEndpointRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RegisterEndpointResponse__Output>): grpc.ClientUnaryCall;
  registerEndpoint(argument: _invoiceplatform_webhook_v1_RegisterEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RegisterEndpointResponse__Output>): grpc.ClientUnaryCall;
  registerEndpoint(argument: _invoiceplatform_webhook_v1_RegisterEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RegisterEndpointResponse__Output>): grpc.ClientUnaryCall;
  registerEndpoint(argument: _invoiceplatform_webhook_v1_RegisterEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RegisterEndpointResponse__Output>): grpc.ClientUnaryCall;
  registerEndpoint(argument: _invoiceplatform_webhook_v1_RegisterEndpointRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RegisterEndpointResponse__Output>): grpc.ClientUnaryCall;
  
  ResendEvent(argument: _invoiceplatform_webhook_v1_ResendEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ResendEventResponse__Output>): grpc.ClientUnaryCall;
  ResendEvent(argument: _invoiceplatform_webhook_v1_ResendEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ResendEventResponse__Output>): grpc.ClientUnaryCall;
  ResendEvent(argument: _invoiceplatform_webhook_v1_ResendEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ResendEventResponse__Output>): grpc.ClientUnaryCall;
  ResendEvent(argument: _invoiceplatform_webhook_v1_ResendEventRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ResendEventResponse__Output>): grpc.ClientUnaryCall;
  resendEvent(argument: _invoiceplatform_webhook_v1_ResendEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ResendEventResponse__Output>): grpc.ClientUnaryCall;
  resendEvent(argument: _invoiceplatform_webhook_v1_ResendEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ResendEventResponse__Output>): grpc.ClientUnaryCall;
  resendEvent(argument: _invoiceplatform_webhook_v1_ResendEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ResendEventResponse__Output>): grpc.ClientUnaryCall;
  resendEvent(argument: _invoiceplatform_webhook_v1_ResendEventRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_ResendEventResponse__Output>): grpc.ClientUnaryCall;
  
  RotateSecret(argument: _invoiceplatform_webhook_v1_RotateSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RotateSecretResponse__Output>): grpc.ClientUnaryCall;
  RotateSecret(argument: _invoiceplatform_webhook_v1_RotateSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RotateSecretResponse__Output>): grpc.ClientUnaryCall;
  RotateSecret(argument: _invoiceplatform_webhook_v1_RotateSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RotateSecretResponse__Output>): grpc.ClientUnaryCall;
  RotateSecret(argument: _invoiceplatform_webhook_v1_RotateSecretRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RotateSecretResponse__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _invoiceplatform_webhook_v1_RotateSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RotateSecretResponse__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _invoiceplatform_webhook_v1_RotateSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RotateSecretResponse__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _invoiceplatform_webhook_v1_RotateSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RotateSecretResponse__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _invoiceplatform_webhook_v1_RotateSecretRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RotateSecretResponse__Output>): grpc.ClientUnaryCall;
  
  RunDueDeliveries(argument: _invoiceplatform_webhook_v1_RunDueDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RunDueDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  RunDueDeliveries(argument: _invoiceplatform_webhook_v1_RunDueDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RunDueDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  RunDueDeliveries(argument: _invoiceplatform_webhook_v1_RunDueDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RunDueDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  RunDueDeliveries(argument: _invoiceplatform_webhook_v1_RunDueDeliveriesRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RunDueDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  runDueDeliveries(argument: _invoiceplatform_webhook_v1_RunDueDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RunDueDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  runDueDeliveries(argument: _invoiceplatform_webhook_v1_RunDueDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RunDueDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  runDueDeliveries(argument: _invoiceplatform_webhook_v1_RunDueDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RunDueDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  runDueDeliveries(argument: _invoiceplatform_webhook_v1_RunDueDeliveriesRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_RunDueDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  
  SetEndpointEnabled(argument: _invoiceplatform_webhook_v1_SetEndpointEnabledRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  SetEndpointEnabled(argument: _invoiceplatform_webhook_v1_SetEndpointEnabledRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  SetEndpointEnabled(argument: _invoiceplatform_webhook_v1_SetEndpointEnabledRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  SetEndpointEnabled(argument: _invoiceplatform_webhook_v1_SetEndpointEnabledRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  setEndpointEnabled(argument: _invoiceplatform_webhook_v1_SetEndpointEnabledRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  setEndpointEnabled(argument: _invoiceplatform_webhook_v1_SetEndpointEnabledRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  setEndpointEnabled(argument: _invoiceplatform_webhook_v1_SetEndpointEnabledRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  setEndpointEnabled(argument: _invoiceplatform_webhook_v1_SetEndpointEnabledRequest, callback: grpc.requestCallback<_invoiceplatform_webhook_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  
}

export interface WebhookServiceHandlers extends grpc.UntypedServiceImplementation {
  DeleteEndpoint: grpc.handleUnaryCall<_invoiceplatform_webhook_v1_DeleteEndpointRequest__Output, _invoiceplatform_webhook_v1_DeleteEndpointResponse>;
  
  ListDeliveries: grpc.handleUnaryCall<_invoiceplatform_webhook_v1_ListDeliveriesRequest__Output, _invoiceplatform_webhook_v1_ListDeliveriesResponse>;
  
  ListEndpoints: grpc.handleUnaryCall<_invoiceplatform_webhook_v1_ListEndpointsRequest__Output, _invoiceplatform_webhook_v1_ListEndpointsResponse>;
  
  PurgeDeliveryLogs: grpc.handleUnaryCall<_invoiceplatform_webhook_v1_PurgeDeliveryLogsRequest__Output, _invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse>;
  
  RegisterEndpoint: grpc.handleUnaryCall<_invoiceplatform_webhook_v1_RegisterEndpointRequest__Output, _invoiceplatform_webhook_v1_RegisterEndpointResponse>;
  
  ResendEvent: grpc.handleUnaryCall<_invoiceplatform_webhook_v1_ResendEventRequest__Output, _invoiceplatform_webhook_v1_ResendEventResponse>;
  
  RotateSecret: grpc.handleUnaryCall<_invoiceplatform_webhook_v1_RotateSecretRequest__Output, _invoiceplatform_webhook_v1_RotateSecretResponse>;
  
  RunDueDeliveries: grpc.handleUnaryCall<_invoiceplatform_webhook_v1_RunDueDeliveriesRequest__Output, _invoiceplatform_webhook_v1_RunDueDeliveriesResponse>;
  
  SetEndpointEnabled: grpc.handleUnaryCall<_invoiceplatform_webhook_v1_SetEndpointEnabledRequest__Output, _invoiceplatform_webhook_v1_WebhookEndpoint>;
  
}

export interface WebhookServiceDefinition extends grpc.ServiceDefinition {
  DeleteEndpoint: MethodDefinition<_invoiceplatform_webhook_v1_DeleteEndpointRequest, _invoiceplatform_webhook_v1_DeleteEndpointResponse, _invoiceplatform_webhook_v1_DeleteEndpointRequest__Output, _invoiceplatform_webhook_v1_DeleteEndpointResponse__Output>
  ListDeliveries: MethodDefinition<_invoiceplatform_webhook_v1_ListDeliveriesRequest, _invoiceplatform_webhook_v1_ListDeliveriesResponse, _invoiceplatform_webhook_v1_ListDeliveriesRequest__Output, _invoiceplatform_webhook_v1_ListDeliveriesResponse__Output>
  ListEndpoints: MethodDefinition<_invoiceplatform_webhook_v1_ListEndpointsRequest, _invoiceplatform_webhook_v1_ListEndpointsResponse, _invoiceplatform_webhook_v1_ListEndpointsRequest__Output, _invoiceplatform_webhook_v1_ListEndpointsResponse__Output>
  PurgeDeliveryLogs: MethodDefinition<_invoiceplatform_webhook_v1_PurgeDeliveryLogsRequest, _invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse, _invoiceplatform_webhook_v1_PurgeDeliveryLogsRequest__Output, _invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>
  RegisterEndpoint: MethodDefinition<_invoiceplatform_webhook_v1_RegisterEndpointRequest, _invoiceplatform_webhook_v1_RegisterEndpointResponse, _invoiceplatform_webhook_v1_RegisterEndpointRequest__Output, _invoiceplatform_webhook_v1_RegisterEndpointResponse__Output>
  ResendEvent: MethodDefinition<_invoiceplatform_webhook_v1_ResendEventRequest, _invoiceplatform_webhook_v1_ResendEventResponse, _invoiceplatform_webhook_v1_ResendEventRequest__Output, _invoiceplatform_webhook_v1_ResendEventResponse__Output>
  RotateSecret: MethodDefinition<_invoiceplatform_webhook_v1_RotateSecretRequest, _invoiceplatform_webhook_v1_RotateSecretResponse, _invoiceplatform_webhook_v1_RotateSecretRequest__Output, _invoiceplatform_webhook_v1_RotateSecretResponse__Output>
  RunDueDeliveries: MethodDefinition<_invoiceplatform_webhook_v1_RunDueDeliveriesRequest, _invoiceplatform_webhook_v1_RunDueDeliveriesResponse, _invoiceplatform_webhook_v1_RunDueDeliveriesRequest__Output, _invoiceplatform_webhook_v1_RunDueDeliveriesResponse__Output>
  SetEndpointEnabled: MethodDefinition<_invoiceplatform_webhook_v1_SetEndpointEnabledRequest, _invoiceplatform_webhook_v1_WebhookEndpoint, _invoiceplatform_webhook_v1_SetEndpointEnabledRequest__Output, _invoiceplatform_webhook_v1_WebhookEndpoint__Output>
}
