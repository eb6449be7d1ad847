import { AppError } from '@invoice-platform/common/errors';
import { newId } from '@invoice-platform/common/ids';
import type { Logger } from '@invoice-platform/common/logger';
import type { Workspace__Output } from '@invoice-platform/protos/invoiceplatform/accounts/v1/Workspace';
import { normaliseEventTypes, publicEventTypes } from '../domain/events.ts';
import { newSecret } from '../domain/signing.ts';
import { checkEndpointUrl } from '../domain/urls.ts';
import type { Endpoint, EndpointChanges } from '../domain/endpoints.ts';
import type { DeliveryStore } from '../store/deliveries.ts';
import type { EndpointStore } from '../store/endpoints.ts';
import type { ServiceClock } from '@invoice-platform/common/clock';
import { type LookupFn, resolveTarget } from './sender.ts';
import type { AccountsClient } from './peers.ts';

/** docs/architecture.md#webhooks: at most 5 endpoints per workspace. */
export const maxEndpoints = 5;
/** docs/architecture.md#webhooks: after a rotation the previous secret keeps signing for 24 h. */
export const rotationOverlapMs = 24 * 3_600_000;
const maxDescription = 500;

/** The answer to an endpoint id that is not one of the workspace's. */
export function endpointNotFound(endpointId: string): AppError {
  return new AppError('not_found', `Webhook endpoint ${endpointId} does not exist in this workspace.`);
}

export interface EndpointServiceDeps {
  endpoints: EndpointStore;
  deliveries: DeliveryStore;
  accounts: AccountsClient;
  clock: ServiceClock;
  allowInsecureLoopback: boolean;
  log: Logger;
  lookup?: LookupFn;
}

/** The dashboard's webhook settings: endpoints registered, listed, enabled, rotated and deleted (docs/architecture.md#webhooks). */
export class EndpointService {
  private readonly deps: EndpointServiceDeps;

  constructor(deps: EndpointServiceDeps) {
    this.deps = deps;
  }

  private now(): Date {
    return this.deps.clock.now();
  }

  async register(req: {
    workspace_id: string;
    url: string;
    event_types?: string[];
    description?: string;
  }): Promise<{ endpoint: Endpoint; secret: string }> {
    const workspaceId = (req.workspace_id ?? '').trim();
    if (!workspaceId) throw AppError.validation([{ path: 'workspace_id', message: 'is required' }]);
    const errors = [];
    const check = checkEndpointUrl(req.url, { allowInsecureLoopback: this.deps.allowInsecureLoopback });
    if (!check.ok) errors.push(check.error);
    const { types, unknown } = normaliseEventTypes(req.event_types);
    if (unknown.length > 0) {
      errors.push({
        path: 'event_types',
        message: `unknown event types ${unknown.join(', ')}; use ${publicEventTypes.join(', ')}`,
      });
    }
    const description = req.description?.trim() || null;
    if (description && description.length > maxDescription) {
      errors.push({ path: 'description', message: `must be at most ${maxDescription} characters` });
    }
    if (errors.length > 0 || !check.ok) throw AppError.validation(errors);
    const resolved = await resolveTarget(
      check.url,
      { allowInsecureLoopback: this.deps.allowInsecureLoopback },
      this.deps.lookup,
    );
    if (!resolved.ok) throw AppError.validation([{ path: 'url', message: resolved.error }]);

    await this.requireApiPlan(workspaceId);

    const id = newId('whe');
    const now = this.now();
    const secret = newSecret();
    const endpoint = await this.deps.endpoints.add(
      workspaceId,
      {
        id,
        url: check.url.toString(),
        event_types: types,
        enabled: true,
        enabled_epoch: 1,
        disabled_reason: null,
        disabled_at: null,
        description,
        secret,
        previous_secret: null,
        previous_secret_expires_at: null,
        created_at: now,
        updated_at: now,
      },
      maxEndpoints,
    );
    if (!endpoint) {
      throw new AppError(
        'application',
        `A workspace can have at most ${maxEndpoints} webhook endpoints; delete one before registering another.`,
        { limit: maxEndpoints },
      );
    }
    this.deps.log.info({ workspace_id: workspaceId, endpoint_id: id }, 'webhook endpoint registered');
    return { endpoint, secret };
  }

  /**
   * docs/architecture.md#webhooks: the owner's plan must have API access (as API keys need,
   * accounts' apiAccessRefusal).
   */
  private async requireApiPlan(workspaceId: string): Promise<Workspace__Output> {
    const ws = await this.deps.accounts.call('GetWorkspace', { workspace_id: workspaceId });
    let why: string | undefined;
    if (ws.plan === 'free') why = 'the workspace is on the free plan';
    else if (ws.plan_state !== 'active') why = `the workspace plan is ${ws.plan_state}`;
    else if (!ws.features.includes('api')) why = 'the workspace plan does not include API access';
    if (why) throw new AppError('forbidden', `Webhook endpoints need a plan with API access: ${why}.`);
    return ws;
  }

  list(workspaceId: string): Promise<Endpoint[]> {
    return this.deps.endpoints.list(workspaceId);
  }

  /** Applies `decide` to the endpoint by compare-and-set (EndpointStore.change); 404 when it does not exist. */
  private async change(
    workspaceId: string,
    endpointId: string,
    decide: (e: Endpoint) => EndpointChanges | null,
  ): Promise<{ endpoint: Endpoint; changed: boolean }> {
    const { endpoint, changed } = endpointId
      ? await this.deps.endpoints.change(workspaceId, endpointId, decide)
      : { endpoint: null, changed: false };
    if (!endpoint) throw endpointNotFound(endpointId);
    return { endpoint, changed };
  }

  async setEnabled(workspaceId: string, endpointId: string, enabled: boolean): Promise<Endpoint> {
    const now = this.now();
    const { endpoint, changed } = await this.change(workspaceId, endpointId, (e) => {
      if (e.enabled === enabled) return null;
      return enabled
        ? {
            enabled: true,
            enabled_epoch: e.enabled_epoch + 1,
            disabled_reason: null,
            disabled_at: null,
            updated_at: now,
          }
        : { enabled: false, disabled_reason: 'manual', disabled_at: now, updated_at: now };
    });
    if (changed && !enabled) await this.deps.deliveries.cancelOpen(endpoint.id, now);
    return endpoint;
  }

  async rotate(
    workspaceId: string,
    endpointId: string,
  ): Promise<{ endpoint: Endpoint; secret: string; expiresAt: Date }> {
    const now = this.now();
    const secret = newSecret();
    const expiresAt = new Date(now.getTime() + rotationOverlapMs);
    const { endpoint } = await this.change(workspaceId, endpointId, (e) => ({
      secret,
      previous_secret: e.secret,
      previous_secret_expires_at: expiresAt,
      updated_at: now,
    }));
    return { endpoint, secret, expiresAt };
  }

  async delete(workspaceId: string, endpointId: string): Promise<{ cancelled: number }> {
    if (!endpointId || !(await this.deps.endpoints.remove(workspaceId, endpointId))) throw endpointNotFound(endpointId);
    // A crash before this leaves the deliveries open: their senders cancel them, the endpoint being gone.
    const cancelled = await this.deps.deliveries.cancelOpen(endpointId, this.now());
    return { cancelled };
  }
}
