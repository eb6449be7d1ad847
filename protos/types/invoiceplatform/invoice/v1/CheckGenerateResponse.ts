// Original file: protos/invoiceplatform/invoice/v1/invoice.proto


export interface CheckGenerateResponse {
}

export interface CheckGenerateResponse__Output {
}
