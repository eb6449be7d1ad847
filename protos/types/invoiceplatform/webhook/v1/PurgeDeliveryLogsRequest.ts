// Original file: protos/invoiceplatform/webhook/v1/webhook.proto


export interface PurgeDeliveryLogsRequest {
}

export interface PurgeDeliveryLogsRequest__Output {
}
