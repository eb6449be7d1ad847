import type { LegalProfile } from './legal-profile.ts';

/** A workspace as the use cases see it: its profile, plan and owner, without its key places or outbox. */
export interface Workspace {
  id: string;
  name: string;
  plan: string;
  plan_state: string;
  time_zone: string;
  features: string[];
  owner_email: string;
  /** The seller its e-invoices name (docs/e-invoicing.md); null when none was given. */
  legal_profile: LegalProfile | null;
  /**
   * Set by the operator only: a test workspace may connect sandbox gateways under
   * NODE_ENV=production, and its invoices are test invoices (docs/payments.md "Test mode").
   */
  test_mode: boolean;
  /**
   * Years the as-issued copies of documents issued from now on are kept (docs/money-trail.md "The
   * as-issued archive"); null: the default, 10. Each document states its own retain_until.
   */
  retention_years: number | null;
  /** Moves on with every change, key places included; workspace.* events carry it as their sequence. */
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** What a new workspace is created with (its id and version are the store's). */
export type NewWorkspace = Omit<Workspace, 'id' | 'version'>;

/** What a change may set: the plan fields, the legal profile, the test-workspace mark, or the retention. */
export type WorkspaceChanges = Partial<
  Pick<Workspace, 'plan' | 'plan_state' | 'features' | 'legal_profile' | 'test_mode' | 'retention_years'>
>;

/** The retention a workspace may state, in years (SetWorkspaceRetention). */
export const minRetentionYears = 1;
export const maxRetentionYears = 100;

/** The longest name a workspace, an API key or a payment account field keeps. */
export const maxNameLength = 200;
