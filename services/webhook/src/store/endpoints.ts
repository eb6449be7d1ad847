import { isDuplicateKey } from '@invoice-platform/common/outbox';
import type { EndpointDoc, EndpointRevisionDoc, EndpointState, EndpointStatsDoc, Models } from './models.ts';
import type { SecretBox } from './secret-box.ts';

/** An endpoint as the service sees it: signing secrets in the clear (they are sealed only in the database). */
export type Endpoint = EndpointState & { id: string; version: number };

function stateOf(endpoint: Endpoint): EndpointState {
  const state: Partial<Endpoint> = { ...endpoint };
  delete state.id;
  delete state.version;
  return state as EndpointState;
}

/** Thrown by commit when another change took the version first; the caller re-reads and decides again. */
export class EndpointChanged extends Error {
  constructor(id: string) {
    super(`endpoint ${id} changed concurrently`);
  }
}

/**
 * Endpoints as revisions. A change is committed by inserting revision `${id}:${version + 1}` (the
 * atomic step: of two concurrent changes one wins, the other re-reads); the `endpoints` document
 * is a projection written afterwards. A reader probes `${id}:${version + 1}` by `_id` after
 * reading the projection, so a projection left stale by a crash or by a late write of a slower
 * writer is never believed.
 */
export class EndpointStore {
  private readonly models: Models;
  private readonly box: SecretBox;

  constructor(models: Models, box: SecretBox) {
    this.models = models;
    this.box = box;
  }

  async insert(id: string, state: EndpointState): Promise<Endpoint> {
    await this.models.Endpoint.create({ _id: id, version: 1, ...this.sealed(state) });
    return { id, version: 1, ...state };
  }

  /** The current state, or null when the endpoint does not exist or was deleted. */
  async load(id: string): Promise<Endpoint | null> {
    const doc = await this.models.Endpoint.findById(id).lean<EndpointDoc>().exec();
    return doc ? this.current(this.fromDoc(doc)) : null;
  }

  /** The workspace's endpoints, oldest first. */
  async listByWorkspace(workspaceId: string): Promise<Endpoint[]> {
    const docs = await this.models.Endpoint.find({ workspace_id: workspaceId })
      .sort({ created_at: 1, _id: 1 })
      .lean<EndpointDoc[]>()
      .exec();
    const current = await Promise.all(docs.map((d) => this.current(this.fromDoc(d))));
    return current.filter((e): e is Endpoint => e !== null);
  }

  /** Commits `changes` as the next version of `endpoint`; EndpointChanged when another change won. */
  async commit(endpoint: Endpoint, changes: Partial<EndpointState>): Promise<Endpoint> {
    const { id, version } = endpoint;
    const next: EndpointState = { ...stateOf(endpoint), ...changes };
    try {
      await this.models.EndpointRevision.create({
        _id: `${id}:${version + 1}`,
        endpoint_id: id,
        version: version + 1,
        state: this.sealed(next),
        created_at: next.updated_at,
      });
    } catch (err) {
      if (isDuplicateKey(err)) throw new EndpointChanged(id);
      throw err;
    }
    await this.project(id, version + 1, next);
    return { id, version: version + 1, ...next };
  }

  private async project(id: string, version: number, state: EndpointState): Promise<void> {
    if (state.deleted) {
      await this.models.Endpoint.deleteOne({ _id: id }).exec();
      await this.models.EndpointSlot.deleteOne({ _id: `${state.workspace_id}:${state.slot}`, endpoint_id: id }).exec();
      return;
    }
    await this.models.Endpoint.updateOne(
      { _id: id, version: { $lt: version } },
      { $set: { ...this.sealed(state), version } },
    ).exec();
  }

  private sealed(state: EndpointState): EndpointState {
    return {
      ...state,
      secret: this.box.seal(state.secret),
      previous_secret: state.previous_secret ? this.box.seal(state.previous_secret) : null,
    };
  }

  private opened(state: EndpointState): EndpointState {
    return {
      ...state,
      secret: this.box.open(state.secret),
      previous_secret: state.previous_secret ? this.box.open(state.previous_secret) : null,
    };
  }

  private fromDoc(doc: EndpointDoc): Endpoint {
    const { _id, version, ...state } = doc;
    return { id: _id, version, ...this.opened(state) };
  }

  /** Rolls `endpoint` forward through newer revisions (by _id) and repairs the projection if it lagged. */
  private async current(endpoint: Endpoint): Promise<Endpoint | null> {
    const id = endpoint.id;
    let version = endpoint.version;
    let state = stateOf(endpoint);
    let moved = false;
    for (;;) {
      const rev = await this.models.EndpointRevision.findById(`${id}:${version + 1}`)
        .lean<EndpointRevisionDoc>()
        .exec();
      if (!rev) break;
      version = rev.version;
      state = this.opened(rev.state);
      moved = true;
    }
    if (moved) await this.project(id, version, state);
    return state.deleted ? null : { id, version, ...state };
  }

  /** Takes the first free slot among 1..limit for `endpointId`; undefined when all are taken. */
  async takeSlot(workspaceId: string, endpointId: string, limit: number, now: Date): Promise<number | undefined> {
    for (let slot = 1; slot <= limit; slot++) {
      try {
        await this.models.EndpointSlot.create({
          _id: `${workspaceId}:${slot}`,
          workspace_id: workspaceId,
          endpoint_id: endpointId,
          created_at: now,
        });
        return slot;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
    return undefined;
  }

  async releaseSlot(workspaceId: string, slot: number, endpointId: string): Promise<void> {
    await this.models.EndpointSlot.deleteOne({ _id: `${workspaceId}:${slot}`, endpoint_id: endpointId }).exec();
  }

  /**
   * Frees slots whose endpoint never came to exist (a registration that died between taking the
   * slot and inserting the endpoint), once they are older than `before`. Returns how many.
   */
  async freeOrphanSlots(workspaceId: string, limit: number, before: Date): Promise<number> {
    let freed = 0;
    for (let slot = 1; slot <= limit; slot++) {
      const doc = await this.models.EndpointSlot.findById(`${workspaceId}:${slot}`).lean().exec();
      if (!doc || doc.created_at >= before) continue;
      if (await this.load(doc.endpoint_id)) continue;
      const res = await this.models.EndpointSlot.deleteOne({ _id: doc._id, endpoint_id: doc.endpoint_id }).exec();
      freed += res.deletedCount;
    }
    return freed;
  }

  async stats(endpointIds: string[]): Promise<Map<string, EndpointStatsDoc>> {
    const docs = await Promise.all(
      endpointIds.map((id) => this.models.EndpointStats.findById(id).lean<EndpointStatsDoc>().exec()),
    );
    return new Map(docs.filter((d): d is EndpointStatsDoc => d !== null).map((d) => [d._id, d]));
  }

  /**
   * The last success / failure time that ListEndpoints shows, on a document of its own that only
   * workers write. For display only: concurrent results can leave an older time, so the
   * deactivation rule reads the attempts themselves (DeliveryStore.succeededSince).
   */
  async recordResult(endpointId: string, success: boolean, at: Date): Promise<void> {
    const field = success ? 'last_success_at' : 'last_failure_at';
    const current = await this.models.EndpointStats.findById(endpointId).lean<EndpointStatsDoc>().exec();
    if (current?.[field] && current[field] >= at) return;
    try {
      await this.models.EndpointStats.updateOne(
        { _id: endpointId },
        { $set: { [field]: at } },
        { upsert: true },
      ).exec();
    } catch (err) {
      // Two first results at once: both upserts inserted; the other one's time is as good.
      if (!isDuplicateKey(err)) throw err;
    }
  }
}
