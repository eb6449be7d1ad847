/** A credit taken by a generate that has not finished: settled on success, given back on failure. */
export interface CreditHold {
  invoice_id: string;
  at: Date;
}

/**
 * A workspace's credit pool (docs/architecture.md#credits): `balance` is taken one at a time
 * only while positive, with the generate's hold recorded in the same write; a hold is removed
 * exactly once, by its settle or its refund. `ops` remembers the last admin operation ids, so a
 * retried top-up counts once.
 */
export interface CreditPoolDoc {
  _id: string;
  unlimited: boolean;
  balance: number;
  used: number;
  holds: CreditHold[];
  /** holds.length, kept by $inc beside it, for the maintenance query. */
  held: number;
  ops: string[];
  version: number;
  updated_at: Date;
}

/** A workspace's credits as the admin API reports them. */
export interface CreditBalance {
  unlimited: boolean;
  remaining: number | null;
  used: number;
  updatedAt: Date | null;
}

/**
 * A credit taken for one generate; `remaining` is the balance right after it (OpenAPI
 * `GenerateInvoiceResult`).
 */
export type CreditReservation =
  { unlimited: true } | { unlimited: false; workspaceId: string; hold: CreditHold; remaining: number };
