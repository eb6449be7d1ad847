// Original file: protos/invoiceplatform/recurring/v1/recurring.proto

import type { RecurringSeries as _invoiceplatform_recurring_v1_RecurringSeries, RecurringSeries__Output as _invoiceplatform_recurring_v1_RecurringSeries__Output } from '../../../invoiceplatform/recurring/v1/RecurringSeries.ts';

export interface ExtendSeriesResponse {
  'series'?: (_invoiceplatform_recurring_v1_RecurringSeries | null);
  'added'?: (number);
}

export interface ExtendSeriesResponse__Output {
  'series': (_invoiceplatform_recurring_v1_RecurringSeries__Output | null);
  'added': (number);
}
