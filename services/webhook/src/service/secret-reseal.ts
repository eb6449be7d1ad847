import type { Logger } from '@invoice-platform/common/logger';
import type { EndpointStore } from '../store/endpoints.ts';

export interface SecretResealDeps {
  endpoints: EndpointStore;
  now: Date;
  log: Logger;
}

/** The one-time pass binding v1-sealed signing secrets to their endpoint, by its id in `migrations`. */
export const resealV1Migration = 'endpoint_secrets_sealed_v2';

/**
 * Binds the signing secrets still sealed in the v1 format to their endpoint (common/secret-box.ts),
 * once per database: main.ts awaits it before anything reads an endpoint, and opening refuses v1
 * from then on. Done is recorded in `migrations`, so later starts cost one lookup, not a pass over
 * every workspace; replicas starting at once may both run it (each workspace's re-seal is a
 * compare-and-set). Secrets that do not open are logged and left: their endpoint is deleted and
 * added again. Recording done regardless keeps a v1 secret planted later from ever being re-sealed
 * into the endpoint it was planted in.
 */
export async function resealV1Secrets(deps: SecretResealDeps): Promise<void> {
  const { endpoints, log } = deps;
  if (await endpoints.migrationDone(resealV1Migration)) return;
  const { resealed, unopened } = await endpoints.resealV1Secrets();
  for (const { reason, ...where } of unopened) {
    log.error({ ...where, reason }, 'v1 signing secret did not open; delete the endpoint and add it again');
  }
  await endpoints.markMigrationDone(resealV1Migration, deps.now);
  log.info({ resealed, unopened: unopened.length }, 'v1 signing secrets re-sealed');
}
