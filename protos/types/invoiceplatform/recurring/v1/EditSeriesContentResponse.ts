// Original file: protos/invoiceplatform/recurring/v1/recurring.proto

import type { RecurringSeries as _invoiceplatform_recurring_v1_RecurringSeries, RecurringSeries__Output as _invoiceplatform_recurring_v1_RecurringSeries__Output } from '../../../invoiceplatform/recurring/v1/RecurringSeries.ts';
import type { SeriesContent as _invoiceplatform_recurring_v1_SeriesContent, SeriesContent__Output as _invoiceplatform_recurring_v1_SeriesContent__Output } from '../../../invoiceplatform/recurring/v1/SeriesContent.ts';

export interface EditSeriesContentResponse {
  'series'?: (_invoiceplatform_recurring_v1_RecurringSeries | null);
  'content'?: (_invoiceplatform_recurring_v1_SeriesContent | null);
}

export interface EditSeriesContentResponse__Output {
  'series': (_invoiceplatform_recurring_v1_RecurringSeries__Output | null);
  'content': (_invoiceplatform_recurring_v1_SeriesContent__Output | null);
}
