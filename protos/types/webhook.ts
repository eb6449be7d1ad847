import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { DeleteEndpointRequest as _invoiceplatform_webhook_v1_DeleteEndpointRequest, DeleteEndpointRequest__Output as _invoiceplatform_webhook_v1_DeleteEndpointRequest__Output } from './invoiceplatform/webhook/v1/DeleteEndpointRequest.ts';
import type { DeleteEndpointResponse as _invoiceplatform_webhook_v1_DeleteEndpointResponse, DeleteEndpointResponse__Output as _invoiceplatform_webhook_v1_DeleteEndpointResponse__Output } from './invoiceplatform/webhook/v1/DeleteEndpointResponse.ts';
import type { Delivery as _invoiceplatform_webhook_v1_Delivery, Delivery__Output as _invoiceplatform_webhook_v1_Delivery__Output } from './invoiceplatform/webhook/v1/Delivery.ts';
import type { DeliveryAttempt as _invoiceplatform_webhook_v1_DeliveryAttempt, DeliveryAttempt__Output as _invoiceplatform_webhook_v1_DeliveryAttempt__Output } from './invoiceplatform/webhook/v1/DeliveryAttempt.ts';
import type { ListDeliveriesRequest as _invoiceplatform_webhook_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _invoiceplatform_webhook_v1_ListDeliveriesRequest__Output } from './invoiceplatform/webhook/v1/ListDeliveriesRequest.ts';
import type { ListDeliveriesResponse as _invoiceplatform_webhook_v1_ListDeliveriesResponse, ListDeliveriesResponse__Output as _invoiceplatform_webhook_v1_ListDeliveriesResponse__Output } from './invoiceplatform/webhook/v1/ListDeliveriesResponse.ts';
import type { ListEndpointsRequest as _invoiceplatform_webhook_v1_ListEndpointsRequest, ListEndpointsRequest__Output as _invoiceplatform_webhook_v1_ListEndpointsRequest__Output } from './invoiceplatform/webhook/v1/ListEndpointsRequest.ts';
import type { ListEndpointsResponse as _invoiceplatform_webhook_v1_ListEndpointsResponse, ListEndpointsResponse__Output as _invoiceplatform_webhook_v1_ListEndpointsResponse__Output } from './invoiceplatform/webhook/v1/ListEndpointsResponse.ts';
import type { PurgeDeliveryLogsRequest as _invoiceplatform_webhook_v1_PurgeDeliveryLogsRequest, PurgeDeliveryLogsRequest__Output as _invoiceplatform_webhook_v1_PurgeDeliveryLogsRequest__Output } from './invoiceplatform/webhook/v1/PurgeDeliveryLogsRequest.ts';
import type { PurgeDeliveryLogsResponse as _invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse, PurgeDeliveryLogsResponse__Output as _invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output } from './invoiceplatform/webhook/v1/PurgeDeliveryLogsResponse.ts';
import type { RegisterEndpointRequest as _invoiceplatform_webhook_v1_RegisterEndpointRequest, RegisterEndpointRequest__Output as _invoiceplatform_webhook_v1_RegisterEndpointRequest__Output } from './invoiceplatform/webhook/v1/RegisterEndpointRequest.ts';
import type { RegisterEndpointResponse as _invoiceplatform_webhook_v1_RegisterEndpointResponse, RegisterEndpointResponse__Output as _invoiceplatform_webhook_v1_RegisterEndpointResponse__Output } from './invoiceplatform/webhook/v1/RegisterEndpointResponse.ts';
import type { ResendEventRequest as _invoiceplatform_webhook_v1_ResendEventRequest, ResendEventRequest__Output as _invoiceplatform_webhook_v1_ResendEventRequest__Output } from './invoiceplatform/webhook/v1/ResendEventRequest.ts';
import type { ResendEventResponse as _invoiceplatform_webhook_v1_ResendEventResponse, ResendEventResponse__Output as _invoiceplatform_webhook_v1_ResendEventResponse__Output } from './invoiceplatform/webhook/v1/ResendEventResponse.ts';
import type { RotateSecretRequest as _invoiceplatform_webhook_v1_RotateSecretRequest, RotateSecretRequest__Output as _invoiceplatform_webhook_v1_RotateSecretRequest__Output } from './invoiceplatform/webhook/v1/RotateSecretRequest.ts';
import type { RotateSecretResponse as _invoiceplatform_webhook_v1_RotateSecretResponse, RotateSecretResponse__Output as _invoiceplatform_webhook_v1_RotateSecretResponse__Output } from './invoiceplatform/webhook/v1/RotateSecretResponse.ts';
import type { RunDueDeliveriesRequest as _invoiceplatform_webhook_v1_RunDueDeliveriesRequest, RunDueDeliveriesRequest__Output as _invoiceplatform_webhook_v1_RunDueDeliveriesRequest__Output } from './invoiceplatform/webhook/v1/RunDueDeliveriesRequest.ts';
import type { RunDueDeliveriesResponse as _invoiceplatform_webhook_v1_RunDueDeliveriesResponse, RunDueDeliveriesResponse__Output as _invoiceplatform_webhook_v1_RunDueDeliveriesResponse__Output } from './invoiceplatform/webhook/v1/RunDueDeliveriesResponse.ts';
import type { SetEndpointEnabledRequest as _invoiceplatform_webhook_v1_SetEndpointEnabledRequest, SetEndpointEnabledRequest__Output as _invoiceplatform_webhook_v1_SetEndpointEnabledRequest__Output } from './invoiceplatform/webhook/v1/SetEndpointEnabledRequest.ts';
import type { WebhookEndpoint as _invoiceplatform_webhook_v1_WebhookEndpoint, WebhookEndpoint__Output as _invoiceplatform_webhook_v1_WebhookEndpoint__Output } from './invoiceplatform/webhook/v1/WebhookEndpoint.ts';
import type { WebhookServiceClient as _invoiceplatform_webhook_v1_WebhookServiceClient, WebhookServiceDefinition as _invoiceplatform_webhook_v1_WebhookServiceDefinition } from './invoiceplatform/webhook/v1/WebhookService.ts';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  invoiceplatform: {
    webhook: {
      v1: {
        DeleteEndpointRequest: MessageTypeDefinition<_invoiceplatform_webhook_v1_DeleteEndpointRequest, _invoiceplatform_webhook_v1_DeleteEndpointRequest__Output>
        DeleteEndpointResponse: MessageTypeDefinition<_invoiceplatform_webhook_v1_DeleteEndpointResponse, _invoiceplatform_webhook_v1_DeleteEndpointResponse__Output>
        Delivery: MessageTypeDefinition<_invoiceplatform_webhook_v1_Delivery, _invoiceplatform_webhook_v1_Delivery__Output>
        DeliveryAttempt: MessageTypeDefinition<_invoiceplatform_webhook_v1_DeliveryAttempt, _invoiceplatform_webhook_v1_DeliveryAttempt__Output>
        ListDeliveriesRequest: MessageTypeDefinition<_invoiceplatform_webhook_v1_ListDeliveriesRequest, _invoiceplatform_webhook_v1_ListDeliveriesRequest__Output>
        ListDeliveriesResponse: MessageTypeDefinition<_invoiceplatform_webhook_v1_ListDeliveriesResponse, _invoiceplatform_webhook_v1_ListDeliveriesResponse__Output>
        ListEndpointsRequest: MessageTypeDefinition<_invoiceplatform_webhook_v1_ListEndpointsRequest, _invoiceplatform_webhook_v1_ListEndpointsRequest__Output>
        ListEndpointsResponse: MessageTypeDefinition<_invoiceplatform_webhook_v1_ListEndpointsResponse, _invoiceplatform_webhook_v1_ListEndpointsResponse__Output>
        PurgeDeliveryLogsRequest: MessageTypeDefinition<_invoiceplatform_webhook_v1_PurgeDeliveryLogsRequest, _invoiceplatform_webhook_v1_PurgeDeliveryLogsRequest__Output>
        PurgeDeliveryLogsResponse: MessageTypeDefinition<_invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse, _invoiceplatform_webhook_v1_PurgeDeliveryLogsResponse__Output>
        RegisterEndpointRequest: MessageTypeDefinition<_invoiceplatform_webhook_v1_RegisterEndpointRequest, _invoiceplatform_webhook_v1_RegisterEndpointRequest__Output>
        RegisterEndpointResponse: MessageTypeDefinition<_invoiceplatform_webhook_v1_RegisterEndpointResponse, _invoiceplatform_webhook_v1_RegisterEndpointResponse__Output>
        ResendEventRequest: MessageTypeDefinition<_invoiceplatform_webhook_v1_ResendEventRequest, _invoiceplatform_webhook_v1_ResendEventRequest__Output>
        ResendEventResponse: MessageTypeDefinition<_invoiceplatform_webhook_v1_ResendEventResponse, _invoiceplatform_webhook_v1_ResendEventResponse__Output>
        RotateSecretRequest: MessageTypeDefinition<_invoiceplatform_webhook_v1_RotateSecretRequest, _invoiceplatform_webhook_v1_RotateSecretRequest__Output>
        RotateSecretResponse: MessageTypeDefinition<_invoiceplatform_webhook_v1_RotateSecretResponse, _invoiceplatform_webhook_v1_RotateSecretResponse__Output>
        RunDueDeliveriesRequest: MessageTypeDefinition<_invoiceplatform_webhook_v1_RunDueDeliveriesRequest, _invoiceplatform_webhook_v1_RunDueDeliveriesRequest__Output>
        RunDueDeliveriesResponse: MessageTypeDefinition<_invoiceplatform_webhook_v1_RunDueDeliveriesResponse, _invoiceplatform_webhook_v1_RunDueDeliveriesResponse__Output>
        SetEndpointEnabledRequest: MessageTypeDefinition<_invoiceplatform_webhook_v1_SetEndpointEnabledRequest, _invoiceplatform_webhook_v1_SetEndpointEnabledRequest__Output>
        WebhookEndpoint: MessageTypeDefinition<_invoiceplatform_webhook_v1_WebhookEndpoint, _invoiceplatform_webhook_v1_WebhookEndpoint__Output>
        WebhookService: SubtypeConstructor<typeof grpc.Client, _invoiceplatform_webhook_v1_WebhookServiceClient> & { service: _invoiceplatform_webhook_v1_WebhookServiceDefinition }
      }
    }
  }
}

