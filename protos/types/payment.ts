import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { HandleNotificationRequest as _invoiceplatform_payment_v1_HandleNotificationRequest, HandleNotificationRequest__Output as _invoiceplatform_payment_v1_HandleNotificationRequest__Output } from './invoiceplatform/payment/v1/HandleNotificationRequest.ts';
import type { HandleNotificationResponse as _invoiceplatform_payment_v1_HandleNotificationResponse, HandleNotificationResponse__Output as _invoiceplatform_payment_v1_HandleNotificationResponse__Output } from './invoiceplatform/payment/v1/HandleNotificationResponse.ts';
import type { Header as _invoiceplatform_payment_v1_Header, Header__Output as _invoiceplatform_payment_v1_Header__Output } from './invoiceplatform/payment/v1/Header.ts';
import type { PaymentServiceClient as _invoiceplatform_payment_v1_PaymentServiceClient, PaymentServiceDefinition as _invoiceplatform_payment_v1_PaymentServiceDefinition } from './invoiceplatform/payment/v1/PaymentService.ts';
import type { StartCheckoutRequest as _invoiceplatform_payment_v1_StartCheckoutRequest, StartCheckoutRequest__Output as _invoiceplatform_payment_v1_StartCheckoutRequest__Output } from './invoiceplatform/payment/v1/StartCheckoutRequest.ts';
import type { StartCheckoutResponse as _invoiceplatform_payment_v1_StartCheckoutResponse, StartCheckoutResponse__Output as _invoiceplatform_payment_v1_StartCheckoutResponse__Output } from './invoiceplatform/payment/v1/StartCheckoutResponse.ts';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  invoiceplatform: {
    payment: {
      v1: {
        HandleNotificationRequest: MessageTypeDefinition<_invoiceplatform_payment_v1_HandleNotificationRequest, _invoiceplatform_payment_v1_HandleNotificationRequest__Output>
        HandleNotificationResponse: MessageTypeDefinition<_invoiceplatform_payment_v1_HandleNotificationResponse, _invoiceplatform_payment_v1_HandleNotificationResponse__Output>
        Header: MessageTypeDefinition<_invoiceplatform_payment_v1_Header, _invoiceplatform_payment_v1_Header__Output>
        PaymentService: SubtypeConstructor<typeof grpc.Client, _invoiceplatform_payment_v1_PaymentServiceClient> & { service: _invoiceplatform_payment_v1_PaymentServiceDefinition }
        StartCheckoutRequest: MessageTypeDefinition<_invoiceplatform_payment_v1_StartCheckoutRequest, _invoiceplatform_payment_v1_StartCheckoutRequest__Output>
        StartCheckoutResponse: MessageTypeDefinition<_invoiceplatform_payment_v1_StartCheckoutResponse, _invoiceplatform_payment_v1_StartCheckoutResponse__Output>
      }
    }
  }
}

