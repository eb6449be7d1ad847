// Original file: protos/invoiceplatform/payment/v1/payment.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { HandleNotificationRequest as _invoiceplatform_payment_v1_HandleNotificationRequest, HandleNotificationRequest__Output as _invoiceplatform_payment_v1_HandleNotificationRequest__Output } from '../../../invoiceplatform/payment/v1/HandleNotificationRequest.ts';
import type { HandleNotificationResponse as _invoiceplatform_payment_v1_HandleNotificationResponse, HandleNotificationResponse__Output as _invoiceplatform_payment_v1_HandleNotificationResponse__Output } from '../../../invoiceplatform/payment/v1/HandleNotificationResponse.ts';
import type { StartCheckoutRequest as _invoiceplatform_payment_v1_StartCheckoutRequest, StartCheckoutRequest__Output as _invoiceplatform_payment_v1_StartCheckoutRequest__Output } from '../../../invoiceplatform/payment/v1/StartCheckoutRequest.ts';
import type { StartCheckoutResponse as _invoiceplatform_payment_v1_StartCheckoutResponse, StartCheckoutResponse__Output as _invoiceplatform_payment_v1_StartCheckoutResponse__Output } from '../../../invoiceplatform/payment/v1/StartCheckoutResponse.ts';

export interface PaymentServiceClient extends grpc.Client {
  HandleNotification(argument: _invoiceplatform_payment_v1_HandleNotificationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_payment_v1_HandleNotificationResponse__Output>): grpc.ClientUnaryCall;
  HandleNotification(argument: _invoiceplatform_payment_v1_HandleNotificationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_payment_v1_HandleNotificationResponse__Output>): grpc.ClientUnaryCall;
  HandleNotification(argument: _invoiceplatform_payment_v1_HandleNotificationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_payment_v1_HandleNotificationResponse__Output>): grpc.ClientUnaryCall;
  HandleNotification(argument: _invoiceplatform_payment_v1_HandleNotificationRequest, callback: grpc.requestCallback<_invoiceplatform_payment_v1_HandleNotificationResponse__Output>): grpc.ClientUnaryCall;
  handleNotification(argument: _invoiceplatform_payment_v1_HandleNotificationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_payment_v1_HandleNotificationResponse__Output>): grpc.ClientUnaryCall;
  handleNotification(argument: _invoiceplatform_payment_v1_HandleNotificationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_payment_v1_HandleNotificationResponse__Output>): grpc.ClientUnaryCall;
  handleNotification(argument: _invoiceplatform_payment_v1_HandleNotificationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_payment_v1_HandleNotificationResponse__Output>): grpc.ClientUnaryCall;
  handleNotification(argument: _invoiceplatform_payment_v1_HandleNotificationRequest, callback: grpc.requestCallback<_invoiceplatform_payment_v1_HandleNotificationResponse__Output>): grpc.ClientUnaryCall;
  
  StartCheckout(argument: _invoiceplatform_payment_v1_StartCheckoutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_payment_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  StartCheckout(argument: _invoiceplatform_payment_v1_StartCheckoutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_payment_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  StartCheckout(argument: _invoiceplatform_payment_v1_StartCheckoutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_payment_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  StartCheckout(argument: _invoiceplatform_payment_v1_StartCheckoutRequest, callback: grpc.requestCallback<_invoiceplatform_payment_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  startCheckout(argument: _invoiceplatform_payment_v1_StartCheckoutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_payment_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  startCheckout(argument: _invoiceplatform_payment_v1_StartCheckoutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_invoiceplatform_payment_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  startCheckout(argument: _invoiceplatform_payment_v1_StartCheckoutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_invoiceplatform_payment_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  startCheckout(argument: _invoiceplatform_payment_v1_StartCheckoutRequest, callback: grpc.requestCallback<_invoiceplatform_payment_v1_StartCheckoutResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface PaymentServiceHandlers extends grpc.UntypedServiceImplementation {
  HandleNotification: grpc.handleUnaryCall<_invoiceplatform_payment_v1_HandleNotificationRequest__Output, _invoiceplatform_payment_v1_HandleNotificationResponse>;
  
  StartCheckout: grpc.handleUnaryCall<_invoiceplatform_payment_v1_StartCheckoutRequest__Output, _invoiceplatform_payment_v1_StartCheckoutResponse>;
  
}

export interface PaymentServiceDefinition extends grpc.ServiceDefinition {
  HandleNotification: MethodDefinition<_invoiceplatform_payment_v1_HandleNotificationRequest, _invoiceplatform_payment_v1_HandleNotificationResponse, _invoiceplatform_payment_v1_HandleNotificationRequest__Output, _invoiceplatform_payment_v1_HandleNotificationResponse__Output>
  StartCheckout: MethodDefinition<_invoiceplatform_payment_v1_StartCheckoutRequest, _invoiceplatform_payment_v1_StartCheckoutResponse, _invoiceplatform_payment_v1_StartCheckoutRequest__Output, _invoiceplatform_payment_v1_StartCheckoutResponse__Output>
}
