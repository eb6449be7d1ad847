import { AppError, type FieldError } from '@invoice-platform/common/errors';
import type { LegalProfile } from '@invoice-platform/protos/invoiceplatform/accounts/v1/LegalProfile';
import { nextFollowUp, refusalText } from '../domain/follow-up-check.ts';
import { followUpRequest } from '../domain/follow-up-request.ts';
import type { OccurrenceStore } from '../store/occurrences.ts';
import type { SeriesStore } from '../store/series.ts';
import type { InvoiceClient } from './peers.ts';

export interface ProfileChecksDeps {
  series: SeriesStore;
  occurrences: OccurrenceStore;
  invoice: InvoiceClient;
}

export interface SeriesRefusal {
  series_id: string;
  customer_name: string;
  message: string;
}

/**
 * CheckLegalProfileChange (docs/architecture.md#recurring): which of the workspace's active
 * e-invoice series a legal-profile change would stop billing. Each one's next follow-up is checked
 * as its generate would be (InvoiceService.CheckGenerate) with the proposed profile, and the series
 * is named when the profile's own fields (`workspace.legal_profile…`) are refused; a series refused
 * for another reason already is no change's doing.
 */
export class ProfileChecks {
  private readonly deps: ProfileChecksDeps;

  constructor(deps: ProfileChecksDeps) {
    this.deps = deps;
  }

  /** `profile` null: the profile removed. */
  async refusedBy(workspaceId: string, profile: LegalProfile | null): Promise<SeriesRefusal[]> {
    const refused: SeriesRefusal[] = [];
    for (const series of await this.deps.series.activeOf(workspaceId)) {
      const first = await this.deps.invoice.call('GetInvoice', {
        workspace_id: workspaceId,
        invoice_id: series.source_invoice_id,
      });
      // Only an e-invoice reads the seller's legal profile.
      if (!first.e_invoice) continue;
      const next = nextFollowUp(await this.deps.occurrences.ofSeries(series._id));
      if (!next) continue;
      try {
        await this.deps.invoice.call('CheckGenerate', {
          request: followUpRequest(series, next, first),
          replace_legal_profile: true,
          legal_profile: profile,
        });
      } catch (err) {
        if (!AppError.isKind(err, 'validation')) throw err;
        const errors = ((err.details?.errors ?? []) as FieldError[]).filter((e) => e.path.startsWith('workspace.'));
        if (errors.length === 0) continue;
        refused.push({
          series_id: series._id,
          customer_name: series.customer_name,
          message: refusalText(AppError.validation(errors)),
        });
      }
    }
    return refused;
  }
}
