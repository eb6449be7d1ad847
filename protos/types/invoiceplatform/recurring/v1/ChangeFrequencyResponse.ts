// Original file: protos/invoiceplatform/recurring/v1/recurring.proto

import type { RecurringSeries as _invoiceplatform_recurring_v1_RecurringSeries, RecurringSeries__Output as _invoiceplatform_recurring_v1_RecurringSeries__Output } from '../../../invoiceplatform/recurring/v1/RecurringSeries.ts';

export interface ChangeFrequencyResponse {
  'series'?: (_invoiceplatform_recurring_v1_RecurringSeries | null);
  'replaced'?: (number);
  'added'?: (number);
}

export interface ChangeFrequencyResponse__Output {
  'series': (_invoiceplatform_recurring_v1_RecurringSeries__Output | null);
  'replaced': (number);
  'added': (number);
}
