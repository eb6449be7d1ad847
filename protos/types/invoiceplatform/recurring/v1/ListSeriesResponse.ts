// Original file: protos/invoiceplatform/recurring/v1/recurring.proto

import type { RecurringSeries as _invoiceplatform_recurring_v1_RecurringSeries, RecurringSeries__Output as _invoiceplatform_recurring_v1_RecurringSeries__Output } from '../../../invoiceplatform/recurring/v1/RecurringSeries.ts';

export interface ListSeriesResponse {
  'series'?: (_invoiceplatform_recurring_v1_RecurringSeries)[];
  'total'?: (number);
}

export interface ListSeriesResponse__Output {
  'series': (_invoiceplatform_recurring_v1_RecurringSeries__Output)[];
  'total': (number);
}
