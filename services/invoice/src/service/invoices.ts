import type { Logger } from '@invoice-platform/common/logger';
import type { GenerateRequest, GenerateResult } from '../domain/generate-request.ts';
import type { PaymentInput } from '../domain/payment.ts';
import type { CreditStore } from '../store/credits.ts';
import type { InvoiceStore } from '../store/invoices.ts';
import type { InvoiceDoc } from '../store/models.ts';
import type { NumberStore } from '../store/numbers.ts';
import { InvoiceChanges } from './changes.ts';
import { Generator } from './generate.ts';
import { Leftovers } from './leftovers.ts';
import { OverdueSweep } from './overdue.ts';
import type { AccountsClient, PdfClient, RecurringClient } from './peers.ts';
import type { FileInfo, Renderer, WorkspaceInfo } from './render.ts';
import { SeriesStart } from './series.ts';
import { WorkspaceCache } from './workspaces.ts';

export interface InvoiceServiceDeps {
  invoices: InvoiceStore;
  credits: CreditStore;
  numbers: NumberStore;
  renderer: Renderer;
  accounts: AccountsClient;
  pdf: PdfClient;
  /** Absent until the recurring service is deployed: recurring generates then answer 501. */
  recurring?: RecurringClient;
  baseUrl: string;
  notifyOutbox: () => void;
  log: Logger;
  now: () => Date;
  /** The longest a generate runs, whatever its caller allows (config GENERATE_TIMEOUT_MS). */
  generateTimeoutMs: number;
  /** The age at which the maintenance pass decides holds (config holdAgeMs); also times file sweeps. */
  holdAgeMs: number;
}

/**
 * What the gRPC handlers and the maintenance job call, wired once: the parts share one workspace
 * cache and one change loop.
 */
export class InvoiceService {
  private readonly invoices: InvoiceStore;
  private readonly renderer: Renderer;
  private readonly workspaces: WorkspaceCache;
  private readonly changes: InvoiceChanges;
  private readonly series: SeriesStart;
  private readonly generator: Generator;
  private readonly overdue: OverdueSweep;
  private readonly leftovers: Leftovers;

  constructor(deps: InvoiceServiceDeps) {
    this.invoices = deps.invoices;
    this.renderer = deps.renderer;
    this.workspaces = new WorkspaceCache(deps.accounts);
    this.changes = new InvoiceChanges({ ...deps, workspaces: this.workspaces });
    this.series = new SeriesStart({ ...deps, changes: this.changes });
    this.generator = new Generator({
      ...deps,
      workspaces: this.workspaces,
      changes: this.changes,
      series: this.series,
    });
    this.overdue = new OverdueSweep({ ...deps, changes: this.changes });
    this.leftovers = new Leftovers(deps);
  }

  workspace(workspaceId: string): Promise<WorkspaceInfo> {
    return this.workspaces.get(workspaceId);
  }

  generate(req: GenerateRequest, deadline = Infinity): Promise<GenerateResult & { replayed: boolean }> {
    return this.generator.generate(req, deadline);
  }

  repairPendingSeries(before: Date): Promise<number> {
    return this.series.repairPendingSeries(before);
  }

  /** Decides the credit and number holds of generates that went quiet (docs/architecture.md#numbering). */
  reapHolds(now: Date): Promise<void> {
    return this.leftovers.reapHolds(now);
  }

  /** Deletes files no invoice points to, where a sweep is due (docs/architecture.md#pdf). */
  sweepFiles(now: Date): Promise<void> {
    return this.leftovers.sweepFiles(now);
  }

  list(workspaceId: string, status: string | undefined, page: number, pageSize: number) {
    return this.invoices.list(workspaceId, status, Math.max(1, page || 1), Math.min(100, Math.max(1, pageSize || 25)));
  }

  get(workspaceId: string, id: string): Promise<InvoiceDoc> {
    return this.invoices.get(workspaceId, id);
  }

  findPublic(id: string): Promise<InvoiceDoc | null> {
    return this.invoices.findPublic(id);
  }

  updateStatus(workspaceId: string, id: string, to: string) {
    return this.changes.updateStatus(workspaceId, id, to);
  }

  markPaidByPayment(req: PaymentInput) {
    return this.changes.markPaidByPayment(req);
  }

  setArchived(workspaceId: string, id: string, archived: boolean) {
    return this.changes.setArchived(workspaceId, id, archived);
  }

  pdf(workspaceId: string, id: string, force: boolean) {
    return this.changes.pdf(workspaceId, id, force);
  }

  recordPdfResult(workspaceId: string, id: string, sequence: number, file: FileInfo | undefined) {
    return this.changes.recordPdfResult(workspaceId, id, sequence, file);
  }

  async renderInput(workspaceId: string, id: string) {
    const doc = await this.invoices.get(workspaceId, id);
    return this.renderer.renderRequest(doc, await this.workspaces.get(workspaceId));
  }

  overdueSweep(now: Date, workspaceId?: string): Promise<string[]> {
    return this.overdue.run(now, workspaceId);
  }
}
