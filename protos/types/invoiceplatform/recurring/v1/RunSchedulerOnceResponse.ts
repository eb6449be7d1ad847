// Original file: protos/invoiceplatform/recurring/v1/recurring.proto

import type { OccurrenceRun as _invoiceplatform_recurring_v1_OccurrenceRun, OccurrenceRun__Output as _invoiceplatform_recurring_v1_OccurrenceRun__Output } from '../../../invoiceplatform/recurring/v1/OccurrenceRun.ts';

export interface RunSchedulerOnceResponse {
  'generated'?: (number);
  'emailed'?: (number);
  'failed'?: (number);
  'completed'?: (number);
  'runs'?: (_invoiceplatform_recurring_v1_OccurrenceRun)[];
}

export interface RunSchedulerOnceResponse__Output {
  'generated': (number);
  'emailed': (number);
  'failed': (number);
  'completed': (number);
  'runs': (_invoiceplatform_recurring_v1_OccurrenceRun__Output)[];
}
