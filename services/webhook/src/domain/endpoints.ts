/** An endpoint, stored inside its workspace's settings document. */
export interface EndpointFields {
  id: string;
  url: string;
  event_types: string[];
  enabled: boolean;
  /** Incremented on every re-enable: deliveries of an older epoch are cancelled, failures forgotten. */
  enabled_epoch: number;
  disabled_reason: string | null;
  disabled_at: Date | null;
  description: string | null;
  /**
   * Sealed in the database (common/secret-box.ts) for this workspace, endpoint and field, so it
   * opens in no other place; EndpointStore hands it out in the clear.
   */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** For ListEndpoints only; the deactivation rule reads the deliveries themselves. */
export interface EndpointStats {
  last_success_at: Date | null;
  last_failure_at: Date | null;
}

/** An endpoint as the service sees it: with its workspace, its display stats, and its secrets in the clear. */
export type Endpoint = EndpointFields & EndpointStats & { workspace_id: string };

/** What a change may set: everything but the identity and the stats the senders keep. */
export type EndpointChanges = Partial<Omit<EndpointFields, 'id' | 'created_at'>>;

/** The secrets that sign at `now`: the current one, and the previous one during its 24 h overlap. */
export function signingSecrets(endpoint: EndpointFields, now: Date): string[] {
  const secrets = [endpoint.secret];
  if (endpoint.previous_secret && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at > now) {
    secrets.push(endpoint.previous_secret);
  }
  return secrets;
}
