import { newId } from '@invoice-platform/common/ids';
import type { PaymentAccount } from '../domain/payment-accounts.ts';
import type { Models, PaymentAccountDoc } from './models.ts';

function plain(doc: PaymentAccountDoc): PaymentAccount {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest };
}

/** A workspace's bank payment accounts. */
export class PaymentAccountStore {
  private readonly models: Models;

  constructor(models: Models) {
    this.models = models;
  }

  async create(fields: Omit<PaymentAccount, 'id'>): Promise<PaymentAccount> {
    const doc = await this.models.PaymentAccount.create({ _id: newId('pacc'), ...fields });
    return plain(doc.toObject() as PaymentAccountDoc);
  }

  async list(workspaceId: string): Promise<PaymentAccount[]> {
    const docs = await this.models.PaymentAccount.find({ workspace_id: workspaceId })
      .sort({ created_at: -1 })
      .lean<PaymentAccountDoc[]>()
      .exec();
    return docs.map(plain);
  }

  async find(workspaceId: string, id: string): Promise<PaymentAccount | null> {
    const doc = await this.models.PaymentAccount.findOne({ _id: id, workspace_id: workspaceId })
      .lean<PaymentAccountDoc>()
      .exec();
    return doc ? plain(doc) : null;
  }
}
