// Original file: protos/invoiceplatform/pdf/v1/pdf.proto


export interface ArchiveFilesResponse {
  'archived'?: (number);
  'missing'?: (string)[];
}

export interface ArchiveFilesResponse__Output {
  'archived': (number);
  'missing': (string)[];
}
