import type { Logger } from '@invoice-platform/common/logger';
import type { Plan } from '../domain/plans.ts';
import type { AccountsRepository } from '../store/repository.ts';

/** What the accounts use cases share. */
export interface AccountsDeps {
  repo: AccountsRepository;
  keyLimits: Record<Plan, number>;
  /** Wakes the outbox relays after a write that queued events. */
  notifyOutbox: () => void;
  log: Logger;
  now?: () => Date;
}

export const maxNameLength = 200;
