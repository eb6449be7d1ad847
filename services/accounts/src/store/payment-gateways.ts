import { isV1Sealed, type SealContext, type SecretBox, SecretBoxError } from '@invoice-platform/common/secret-box';
import { markMigrationDone, migrationDone } from '@invoice-platform/common/store/migrations';
import { isDuplicateKey } from '@invoice-platform/common/store/unique';
import type { GatewayCredentials, PaymentGateway } from '../domain/payment-gateways.ts';
import type { Models, PaymentGatewayDoc } from './models.ts';

function toGateway(doc: PaymentGatewayDoc): PaymentGateway {
  return {
    id: doc._id,
    workspace_id: doc.workspace_id,
    provider: doc.provider,
    // A record from before the mode was required: sandbox, the safer reading (its payments are test payments).
    mode: doc.mode ?? 'sandbox',
    credential_fields: doc.credential_fields ?? [],
    connected_at: doc.connected_at,
    updated_at: doc.updated_at ?? doc.connected_at,
  };
}

function gatewayId(workspaceId: string, provider: string): string {
  return `pgw_${workspaceId}_${provider}`;
}

/**
 * What a connection's credentials are sealed for (the key id is bound by the sealed text itself):
 * credentials copied into another workspace's or another provider's record do not open there.
 */
function credentialsContext(workspaceId: string, provider: string): SealContext {
  return ['payment_gateway_credentials', workspaceId, provider];
}

/** What a one-time re-seal pass reports: the records it re-sealed, and those that did not open. */
export interface ResealReport {
  resealed: number;
  unopened: { id: string; reason: string }[];
}

/**
 * Connected payment gateways, one document per workspace and provider, with their credentials
 * sealed at rest: the only secret accounts keeps.
 */
export class PaymentGatewayStore {
  private readonly models: Models;
  /** Seals and opens payment gateway credentials; nothing else in accounts is secret at rest. */
  private readonly box: SecretBox;

  constructor(models: Models, box: SecretBox) {
    this.models = models;
    this.box = box;
  }

  /**
   * Connects `provider` with `credentials`, or replaces the credentials of its connection: one
   * upsert of the connection's document, so a replacement is never half applied and never leaves a
   * second connection. The mode is always named (no default: docs/payments.md "Test mode").
   */
  async connect(
    workspaceId: string,
    provider: string,
    mode: string,
    credentials: Record<string, string>,
    now: Date,
  ): Promise<PaymentGateway> {
    const update = {
      $set: {
        credentials: this.box.seal(JSON.stringify(credentials), credentialsContext(workspaceId, provider)),
        credential_fields: Object.keys(credentials),
        updated_at: now,
        mode,
      },
      $setOnInsert: { workspace_id: workspaceId, provider, connected_at: now },
    };
    for (let attempt = 0; ; attempt++) {
      try {
        const doc = await this.models.PaymentGateway.findOneAndUpdate(
          { _id: gatewayId(workspaceId, provider) },
          update,
          {
            upsert: true,
            returnDocument: 'after',
          },
        )
          .lean<PaymentGatewayDoc>()
          .exec();
        return toGateway(doc!);
      } catch (err) {
        // Two first connections at once both try to insert; the loser finds the document now and updates it.
        if (attempt === 0 && isDuplicateKey(err)) continue;
        throw err;
      }
    }
  }

  /** Deletes the connection, its sealed credentials with it; null when it was not connected. */
  async disconnect(workspaceId: string, provider: string): Promise<PaymentGateway | null> {
    const doc = await this.models.PaymentGateway.findOneAndDelete({
      _id: gatewayId(workspaceId, provider),
      workspace_id: workspaceId,
    })
      .lean<PaymentGatewayDoc>()
      .exec();
    return doc ? toGateway(doc) : null;
  }

  async list(workspaceId: string): Promise<PaymentGateway[]> {
    const docs = await this.models.PaymentGateway.find({ workspace_id: workspaceId }, { credentials: 0 })
      .sort({ connected_at: 1 })
      .lean<PaymentGatewayDoc[]>()
      .exec();
    return docs.map(toGateway);
  }

  /**
   * The connection when `provider` is connected with credentials; `legacy` when only a record
   * from before connections took credentials exists (it cannot take payments).
   */
  async find(workspaceId: string, provider: string): Promise<PaymentGateway | 'legacy' | null> {
    const doc = await this.load(workspaceId, provider);
    if (!doc) return null;
    return doc.credentials ? toGateway(doc) : 'legacy';
  }

  /**
   * The opened credentials of a connection; null when it is not connected. A stored value that
   * does not open with ACCOUNTS_SECRET_KEYS for this workspace and provider (sealed for another
   * record, altered, its key missing) throws SecretBoxError naming the key: never a guess. So does
   * a value still in the unbound v1 format: resealV1Credentials has bound every v1 value there was
   * before the service served, so one found now was written since, possibly another workspace's
   * old copy, and opening it would undo the binding.
   */
  async openCredentials(workspaceId: string, provider: string): Promise<GatewayCredentials | null> {
    const doc = await this.load(workspaceId, provider);
    if (!doc?.credentials) return null;
    const opened = this.box.open(doc.credentials, credentialsContext(workspaceId, provider));
    const credentials = JSON.parse(opened) as Record<string, string>;
    return { provider: doc.provider, mode: doc.mode ?? 'sandbox', credentials };
  }

  /**
   * Re-seals the credentials still in the v1 format (bound to nothing, common/secret-box.ts) bound
   * to their record's workspace and provider, with the ring's first key. A one-time pass
   * (PaymentSetupService.resealV1Credentials) that reads every connection once. Each re-seal is a
   * compare-and-set on the old sealed text, so of replicas starting at once one writes it, and
   * credentials replaced meanwhile stay as replaced. A v1 value that does not open (altered, its
   * key gone from the ring) is left as it is and reported; the open path refuses it either way.
   */
  async resealV1Credentials(): Promise<ResealReport> {
    const report: ResealReport = { resealed: 0, unopened: [] };
    const cursor = this.models.PaymentGateway.find({}, { workspace_id: 1, provider: 1, credentials: 1 })
      .lean<Pick<PaymentGatewayDoc, '_id' | 'workspace_id' | 'provider' | 'credentials'>>()
      .cursor();
    for await (const doc of cursor) {
      if (!doc.credentials || !isV1Sealed(doc.credentials)) continue;
      let resealed: string;
      try {
        resealed = this.box.resealV1(doc.credentials, credentialsContext(doc.workspace_id, doc.provider));
      } catch (err) {
        if (!(err instanceof SecretBoxError)) throw err;
        report.unopened.push({ id: doc._id, reason: err.message });
        continue;
      }
      const res = await this.models.PaymentGateway.updateOne(
        { _id: doc._id, credentials: doc.credentials },
        { $set: { credentials: resealed } },
      ).exec();
      report.resealed += res.modifiedCount;
    }
    return report;
  }

  /** Whether the one-time pass `id` is done in this database: one lookup by _id. */
  migrationDone(id: string): Promise<boolean> {
    return migrationDone(this.models.Migration, id);
  }

  /** Records the one-time pass `id` as done; another replica recording it too changes nothing. */
  markMigrationDone(id: string, now: Date): Promise<void> {
    return markMigrationDone(this.models.Migration, id, now);
  }

  private async load(workspaceId: string, provider: string): Promise<PaymentGatewayDoc | null> {
    return this.models.PaymentGateway.findOne({ _id: gatewayId(workspaceId, provider), workspace_id: workspaceId })
      .lean<PaymentGatewayDoc>()
      .exec();
  }
}
