import { isV1Sealed, type SealContext, type SecretBox, SecretBoxError } from '@invoice-platform/common/secret-box';
import { insertOnce } from '@invoice-platform/common/store/unique';
import { changeVersioned } from '@invoice-platform/common/store/versioned';
import { markMigrationDone, migrationDone } from '@invoice-platform/common/store/migrations';
import type { Endpoint, EndpointChanges, EndpointFields } from '../domain/endpoints.ts';
import type { Models, SettingsDoc } from './models.ts';

const conflictMessage = 'The webhook endpoints of this workspace are being changed concurrently. Retry shortly.';

type SecretField = 'secret' | 'previous_secret';

/**
 * What an endpoint's secret is sealed for (the key id is bound by the sealed text itself): a sealed
 * secret copied to another endpoint, another workspace, or from `previous_secret` to `secret` (which
 * would keep a retired secret signing) does not open there.
 */
function secretContext(workspaceId: string, endpointId: string, field: SecretField): SealContext {
  return ['webhook_signing_secret', workspaceId, endpointId, field];
}

/** What a one-time re-seal pass reports: the secrets it re-sealed, and those that did not open. */
export interface ResealReport {
  resealed: number;
  unopened: { workspace_id: string; endpoint_id: string; field: SecretField; reason: string }[];
}

/**
 * A workspace's endpoints, kept in its settings document and changed only by compare-and-set on
 * the document's version (changeVersioned): a registration adds an endpoint only while fewer than
 * the limit exist, in the same write, so a sixth can never be stored and a registration that dies
 * leaves nothing behind. Secrets are sealed here and nowhere else, bound to their workspace,
 * endpoint and field; an endpoint's secrets are opened only when that endpoint is read, and sealed
 * again (with the current key) when it changes.
 */
export class EndpointStore {
  private readonly models: Models;
  private readonly box: SecretBox;

  constructor(models: Models, box: SecretBox) {
    this.models = models;
    this.box = box;
  }

  /** Adds the endpoint unless the workspace has `limit` already; null when it has. */
  async add(workspaceId: string, endpoint: EndpointFields, limit: number): Promise<Endpoint | null> {
    let full = false;
    await changeVersioned(
      this.models.Settings,
      () => this.settingsToChange(workspaceId, endpoint.created_at),
      (settings) => {
        full = settings.endpoints.length >= limit;
        return full ? null : { $push: { endpoints: { $each: [this.sealed(workspaceId, endpoint)] } } };
      },
      conflictMessage,
    );
    return full ? null : { ...endpoint, workspace_id: workspaceId, last_success_at: null, last_failure_at: null };
  }

  /** The workspace's endpoints, oldest first. */
  async list(workspaceId: string): Promise<Endpoint[]> {
    const settings = await this.read(workspaceId);
    return settings ? settings.endpoints.map((e) => this.opened(settings, e)) : [];
  }

  /** The endpoint, or null when the workspace has no such endpoint. */
  async load(workspaceId: string, endpointId: string): Promise<Endpoint | null> {
    const settings = await this.read(workspaceId);
    const stored = settings?.endpoints.find((e) => e.id === endpointId);
    return settings && stored ? this.opened(settings, stored) : null;
  }

  /**
   * Applies `decide` to the endpoint's current state and stores the result by compare-and-set; when
   * another change came first, decides again on the newer state. `decide` returns null for
   * "nothing to change". `endpoint` is null when the workspace has no such endpoint.
   */
  async change(
    workspaceId: string,
    endpointId: string,
    decide: (current: Endpoint) => EndpointChanges | null,
  ): Promise<{ endpoint: Endpoint | null; changed: boolean }> {
    let found: Endpoint | null = null;
    const { after } = await changeVersioned(
      this.models.Settings,
      () => this.settingsToChange(workspaceId),
      (settings) => {
        const index = settings.endpoints.findIndex((e) => e.id === endpointId);
        found = index < 0 ? null : this.opened(settings, settings.endpoints[index]!);
        const changes = found && decide(found);
        if (!found || !changes) return null;
        const endpoints = [...settings.endpoints];
        endpoints[index] = this.sealed(workspaceId, { ...fieldsOf(found), ...changes });
        return { $set: { endpoints } };
      },
      conflictMessage,
    );
    if (!after) return { endpoint: found, changed: false };
    const stored = after.endpoints.find((e) => e.id === endpointId)!;
    return { endpoint: this.opened(after, stored), changed: true };
  }

  /** Removes the endpoint and its stats in one write; false when the workspace has no such endpoint. */
  async remove(workspaceId: string, endpointId: string): Promise<boolean> {
    const { after } = await changeVersioned(
      this.models.Settings,
      () => this.settingsToChange(workspaceId),
      (settings) => {
        if (!settings.endpoints.some((e) => e.id === endpointId)) return null;
        return {
          $set: { endpoints: settings.endpoints.filter((e) => e.id !== endpointId) },
          $unset: { [`stats.${endpointId}`]: '' },
        };
      },
      conflictMessage,
    );
    return after !== null;
  }

  /**
   * Moves the endpoint's last success or failure time forward ($max: results recorded out of order
   * never move it back), while the endpoint exists. For ListEndpoints only.
   */
  async recordResult(workspaceId: string, endpointId: string, success: boolean, at: Date): Promise<void> {
    const field = success ? 'last_success_at' : 'last_failure_at';
    await this.models.Settings.updateOne(
      { _id: workspaceId, 'endpoints.id': endpointId },
      { $max: { [`stats.${endpointId}.${field}`]: at } },
    ).exec();
  }

  /**
   * Re-seals the secrets still in the v1 format (bound to nothing, common/secret-box.ts) bound to
   * their workspace, endpoint and field, with the ring's first key. A one-time pass
   * (service/secret-reseal.ts) that reads every settings document once. Each workspace's re-seal is a
   * compare-and-set on its settings' version, the only way they change, so of replicas starting
   * at once one writes it, and an endpoint changed meanwhile is decided again on its new secrets.
   * A v1 secret that does not open (altered, its key gone from the ring) is left as it is and
   * reported; opening the endpoint refuses it either way.
   */
  async resealV1Secrets(): Promise<ResealReport> {
    const report: ResealReport = { resealed: 0, unopened: [] };
    const cursor = this.models.Settings.find({}, { _id: 1, endpoints: 1 }).lean<SettingsDoc>().cursor();
    for await (const doc of cursor) {
      if (!doc.endpoints.some((e) => isV1Sealed(e.secret) || isV1Sealed(e.previous_secret ?? ''))) continue;
      let outcome: ResealReport = { resealed: 0, unopened: [] };
      await changeVersioned(
        this.models.Settings,
        () => this.settingsToChange(doc._id),
        (settings) => {
          outcome = { resealed: 0, unopened: [] };
          const endpoints = settings.endpoints.map((e) => this.resealedV1(settings._id, e, outcome));
          return outcome.resealed > 0 ? { $set: { endpoints } } : null;
        },
        conflictMessage,
      );
      report.resealed += outcome.resealed;
      report.unopened.push(...outcome.unopened);
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

  /** The endpoint with its v1 secrets re-sealed bound, counted in `outcome`; those that do not open stay. */
  private resealedV1(workspaceId: string, stored: EndpointFields, outcome: ResealReport): EndpointFields {
    const reseal = (field: SecretField, text: string): string => {
      if (!isV1Sealed(text)) return text;
      try {
        const resealed = this.box.resealV1(text, secretContext(workspaceId, stored.id, field));
        outcome.resealed++;
        return resealed;
      } catch (err) {
        if (!(err instanceof SecretBoxError)) throw err;
        outcome.unopened.push({ workspace_id: workspaceId, endpoint_id: stored.id, field, reason: err.message });
        return text;
      }
    };
    return {
      ...stored,
      secret: reseal('secret', stored.secret),
      previous_secret: stored.previous_secret ? reseal('previous_secret', stored.previous_secret) : null,
    };
  }

  private read(workspaceId: string): Promise<SettingsDoc | null> {
    return this.models.Settings.findById(workspaceId).lean<SettingsDoc>().exec();
  }

  /**
   * The settings document to decide a change on. A workspace that never had an endpoint gets its
   * document when one is registered (`createdAt` given); for other changes it has nothing to change.
   */
  private async settingsToChange(workspaceId: string, createdAt?: Date): Promise<SettingsDoc> {
    const current = await this.read(workspaceId);
    if (current) return current;
    const empty: SettingsDoc = { _id: workspaceId, version: 0, endpoints: [], stats: {}, created_at: new Date() };
    if (!createdAt) return empty;
    await insertOnce(this.models.Settings, { ...empty, created_at: createdAt });
    return (await this.read(workspaceId)) ?? empty;
  }

  private sealed(workspaceId: string, endpoint: EndpointFields): EndpointFields {
    const seal = (field: SecretField, plain: string) =>
      this.box.seal(plain, secretContext(workspaceId, endpoint.id, field));
    return {
      ...endpoint,
      secret: seal('secret', endpoint.secret),
      previous_secret: endpoint.previous_secret ? seal('previous_secret', endpoint.previous_secret) : null,
    };
  }

  /**
   * Opens the endpoint's secrets for the workspace the document belongs to: a secret sealed for
   * another place, altered or sealed with a key not in the ring throws SecretBoxError naming the
   * key, never a wrong signature. So does one still in the v1 format: resealV1Secrets bound every
   * v1 secret there was before the service served, so one found now was written since, possibly a
   * copy of another endpoint's, and opening it would undo the binding.
   */
  private opened(settings: SettingsDoc, stored: EndpointFields): Endpoint {
    const stats = settings.stats?.[stored.id];
    const open = (field: SecretField, sealed: string) =>
      this.box.open(sealed, secretContext(settings._id, stored.id, field));
    return {
      ...stored,
      secret: open('secret', stored.secret),
      previous_secret: stored.previous_secret ? open('previous_secret', stored.previous_secret) : null,
      workspace_id: settings._id,
      last_success_at: stats?.last_success_at ?? null,
      last_failure_at: stats?.last_failure_at ?? null,
    };
  }
}

/** The stored fields of an endpoint, without its workspace and stats. */
function fieldsOf(endpoint: Endpoint): EndpointFields {
  const fields: Partial<Endpoint> = { ...endpoint };
  delete fields.workspace_id;
  delete fields.last_success_at;
  delete fields.last_failure_at;
  return fields as EndpointFields;
}
