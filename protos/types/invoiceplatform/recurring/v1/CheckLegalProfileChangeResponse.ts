// Original file: protos/invoiceplatform/recurring/v1/recurring.proto

import type { SeriesRefusal as _invoiceplatform_recurring_v1_SeriesRefusal, SeriesRefusal__Output as _invoiceplatform_recurring_v1_SeriesRefusal__Output } from '../../../invoiceplatform/recurring/v1/SeriesRefusal.ts';

export interface CheckLegalProfileChangeResponse {
  'refused'?: (_invoiceplatform_recurring_v1_SeriesRefusal)[];
}

export interface CheckLegalProfileChangeResponse__Output {
  'refused': (_invoiceplatform_recurring_v1_SeriesRefusal__Output)[];
}
