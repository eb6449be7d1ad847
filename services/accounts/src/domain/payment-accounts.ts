/** A bank account a workspace shows on its invoices for transfers. */
export interface PaymentAccount {
  id: string;
  workspace_id: string;
  label: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  created_at: Date;
}
