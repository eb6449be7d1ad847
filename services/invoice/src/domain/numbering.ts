/** docs/architecture.md#numbering: INV-{workspace id}-{YYYYMM}-{seq}, seq zero-padded to 4 digits. */
export function formatInvoiceNumber(workspaceId: string, period: string, seq: number): string {
  return `INV-${workspaceId}-${period}-${String(seq).padStart(4, '0')}`;
}

/** A number of a period in use by a generate that has not finished. */
export interface NumberReservation {
  seq: number;
  invoice_id: string;
  at: Date;
}

/**
 * The invoice numbers of one workspace and month (`${workspace}:${YYYYMM}`): numbers 1..last are
 * in use, reserved, or free (given back by a failed generate while later ones were taken; handed
 * out first, lowest first), so the sequence never keeps a gap. Allocating and giving back are
 * compare-and-sets on `version`; settling a reservation pulls exactly its entry.
 */
export interface NumberCounterDoc {
  _id: string;
  workspace_id: string;
  period: string;
  last: number;
  free: number[];
  reserved: NumberReservation[];
  /** reserved.length, kept by $inc beside it, for the maintenance query. */
  reserved_count: number;
  version: number;
}

/** A number a generate holds: settled once its invoice is stored, else given back. */
export interface AllocatedNumber {
  workspaceId: string;
  period: string;
  seq: number;
  reservation: NumberReservation;
}
