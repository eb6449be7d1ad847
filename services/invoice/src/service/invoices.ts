import { AppError } from '@invoice-platform/common/errors';
import type { GenerateRequest } from '@invoice-platform/common/contracts/generate';
import type { Logger } from '@invoice-platform/common/logger';
import type { CrashHook } from '@invoice-platform/common/test-hooks';
import { clampPage } from '@invoice-platform/common/paging';
import type { CreditBalance } from '../domain/credits.ts';
import type { GenerateResult, InvoiceDoc, InvoiceListFilter } from '../domain/invoice.ts';
import type { PaymentInput } from '../domain/payment.ts';
import type { CreditStore } from '../store/credits.ts';
import type { InvoiceStore } from '../store/invoices.ts';
import type { NumberStore } from '../store/numbers.ts';
import type { CreditNoteRefStore } from '../store/credit-notes.ts';
import type { CreditNoteRequest } from '../domain/credit-note.ts';
import { CreditNotes, type IssuedCreditNote } from './credit-notes.ts';
import { AsIssuedArchive } from './archive.ts';
import { InvoiceChanges } from './changes.ts';
import { Credits } from './credits.ts';
import { GenerateInvoice } from './generate.ts';
import { Leftovers } from './leftovers.ts';
import { OverdueSweep } from './overdue.ts';
import { Payments, type RecordPaymentRequest } from './payments.ts';
import type { FileInfo, PdfFiles } from './pdf-files.ts';
import type { AccountsClient, PdfClient, RecurringClient } from './peers.ts';
import { RenderRequests } from './render-requests.ts';
import { SeriesCreation } from './series-creation.ts';
import { WorkspaceCache } from './workspaces.ts';
import type { WorkspaceInfo } from '../domain/workspace.ts';

export interface InvoiceServiceDeps {
  invoices: InvoiceStore;
  credits: CreditStore;
  numbers: NumberStore;
  /**
   * Credit notes (docs/money-trail.md "Credit notes"): their number sequences (NumberStore of kind
   * credit_note) and where each lives. Absent in wiring that issues none: they then answer 501.
   */
  creditNoteNumbers?: NumberStore;
  creditNoteRefs?: CreditNoteRefStore;
  pdfFiles: PdfFiles;
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
  /** The crash tests' hook, given to the generate (common/test-hooks.ts); none in production. */
  crash?: CrashHook;
}

/**
 * What the gRPC handlers and the maintenance job call, wired once: the parts share one workspace
 * cache and one change loop.
 */
export class InvoiceService {
  private readonly deps: InvoiceServiceDeps;
  private readonly workspaces: WorkspaceCache;
  private readonly renderRequests: RenderRequests;
  private readonly changes: InvoiceChanges;
  private readonly series: SeriesCreation;
  private readonly generateInvoice: GenerateInvoice;
  private readonly overdue: OverdueSweep;
  private readonly leftovers: Leftovers;
  private readonly credits: Credits;
  private readonly payments: Payments;
  private readonly creditNotes: CreditNotes | undefined;
  /** The as-issued archive (docs/money-trail.md); the credit note use case keeps its copies through it too. */
  readonly archive: AsIssuedArchive;

  constructor(deps: InvoiceServiceDeps) {
    this.deps = deps;
    this.workspaces = new WorkspaceCache(deps);
    this.renderRequests = new RenderRequests(deps);
    this.archive = new AsIssuedArchive(deps);
    const shared = { ...deps, workspaces: this.workspaces, renderRequests: this.renderRequests, archive: this.archive };
    this.changes = new InvoiceChanges(shared);
    this.series = new SeriesCreation({ ...deps, changes: this.changes });
    this.generateInvoice = new GenerateInvoice({ ...shared, changes: this.changes, series: this.series });
    this.overdue = new OverdueSweep({ ...deps, changes: this.changes });
    this.leftovers = new Leftovers(shared);
    this.credits = new Credits(shared);
    this.payments = new Payments({ ...deps, changes: this.changes });
    const { creditNoteNumbers, creditNoteRefs } = deps;
    this.creditNotes =
      creditNoteNumbers && creditNoteRefs
        ? new CreditNotes({ ...shared, changes: this.changes, creditNoteNumbers, creditNoteRefs })
        : undefined;
  }

  generate(req: GenerateRequest, deadline = Infinity): Promise<GenerateResult & { replayed: boolean }> {
    return this.generateInvoice.generate(req, deadline);
  }

  /** CheckGenerate (service/generate.ts check). */
  checkGenerate(req: GenerateRequest, legalProfile?: WorkspaceInfo['legal_profile']): Promise<void> {
    return this.generateInvoice.check(req, legalProfile);
  }

  repairPendingSeries(before: Date): Promise<number> {
    return this.series.repairPendingSeries(before);
  }

  /** Decides the credit and number holds of generates that went quiet (docs/architecture.md#numbering). */
  decideStaleHolds(now: Date): Promise<void> {
    return this.leftovers.decideStaleHolds(now);
  }

  /** Keeps as-issued copies their issuing call left unkept (docs/money-trail.md). */
  finishArchives(now: Date): Promise<number> {
    return this.archive.finishDue(now);
  }

  /** GetAsIssued: the copy kept as issued of an invoice or credit note. */
  asIssued(workspaceId: string, documentId: string, kind: string) {
    return this.archive.get(workspaceId, documentId, kind);
  }

  /** VerifyArchive: a page of the workspace's copies, their hashes recomputed. */
  verifyArchive(workspaceId: string, pageToken: string | undefined, pageSize: number) {
    return this.archive.verify(workspaceId, pageToken, pageSize);
  }

  /** Deletes files no invoice points to, where a sweep is due (docs/architecture.md#pdf). */
  sweepFiles(now: Date): Promise<void> {
    return this.leftovers.sweepFiles(now);
  }

  list(workspaceId: string, q: InvoiceListFilter & { page: number; pageSize: number }) {
    return this.deps.invoices.list(workspaceId, q, clampPage(q.page, q.pageSize));
  }

  get(workspaceId: string, id: string): Promise<InvoiceDoc> {
    return this.deps.invoices.get(workspaceId, id);
  }

  findPublic(id: string): Promise<InvoiceDoc | null> {
    return this.deps.invoices.findPublic(id);
  }

  updateStatus(workspaceId: string, id: string, to: string) {
    return this.changes.updateStatus(workspaceId, id, to);
  }

  markPaidByPayment(req: PaymentInput) {
    return this.changes.markPaidByPayment(req);
  }

  /** RecordPayment: a payment received outside the platform (docs/money-trail.md "Partial payments"). */
  recordPayment(req: RecordPaymentRequest) {
    return this.payments.record(req);
  }

  /** ListPayments: the invoice's payments, recorded and online, in the order they were recorded. */
  listPayments(workspaceId: string, invoiceId: string) {
    return this.payments.list(workspaceId, invoiceId);
  }

  /** IssueCreditNote (docs/money-trail.md "Credit notes"). */
  issueCreditNote(req: CreditNoteRequest, deadline = Infinity): Promise<IssuedCreditNote> {
    return this.creditNoteUseCase().issue(req, deadline);
  }

  /** GetCreditNote: NOT_FOUND for another workspace's note. */
  getCreditNote(workspaceId: string, id: string) {
    return this.creditNoteUseCase().get(workspaceId, id);
  }

  /** GetPublicCreditNote: the id is the capability. */
  getPublicCreditNote(id: string) {
    return this.creditNoteUseCase().getPublic(id);
  }

  /** ListCreditNotes: the invoice's notes, oldest first. */
  listCreditNotes(workspaceId: string, invoiceId: string) {
    return this.creditNoteUseCase().list(workspaceId, invoiceId);
  }

  private creditNoteUseCase(): CreditNotes {
    if (!this.creditNotes) throw new AppError('not_implemented', 'Credit notes are not available.');
    return this.creditNotes;
  }

  setArchived(workspaceId: string, id: string, archived: boolean) {
    return this.changes.setArchived(workspaceId, id, archived);
  }

  ensurePdf(workspaceId: string, id: string, force: boolean) {
    return this.changes.ensurePdf(workspaceId, id, force);
  }

  recordPdfResult(workspaceId: string, id: string, sequence: number, file: FileInfo | undefined) {
    return this.changes.recordPdfResult(workspaceId, id, sequence, file);
  }

  /** The invoice's e-invoice (docs/e-invoicing.md); NOT_FOUND when it has none. */
  async eInvoice(workspaceId: string, id: string) {
    return this.eInvoiceOf(await this.deps.invoices.get(workspaceId, id));
  }

  /** The same for the public invoice page, where the id is the capability. */
  async publicEInvoice(id: string) {
    const doc = await this.deps.invoices.findPublic(id);
    if (!doc) throw new AppError('not_found', 'No such invoice.');
    return this.eInvoiceOf(doc);
  }

  private async eInvoiceOf(doc: InvoiceDoc) {
    const file = await this.renderRequests.eInvoice(doc, await this.workspaces.get(doc.workspace_id));
    if (!file) throw new AppError('not_found', 'This invoice has no e-invoice: it was generated without e_invoice.');
    return file;
  }

  /**
   * GetCreditNoteEInvoice: a credit note's e-invoice in its invoice's format (docs/e-invoicing.md
   * "Credit notes"); NOT_FOUND for another workspace's note, and when the invoice has no e-invoice.
   */
  async creditNoteEInvoice(workspaceId: string, creditNoteId: string) {
    const { note, invoice } = await this.getCreditNote(workspaceId, creditNoteId);
    const file = await this.renderRequests.creditNoteEInvoice(invoice, note, await this.workspaces.get(workspaceId));
    if (!file)
      throw new AppError(
        'not_found',
        `This credit note has no e-invoice: its invoice ${invoice.invoice_number} was generated without e_invoice.`,
      );
    return file;
  }

  async renderInput(workspaceId: string, id: string) {
    const doc = await this.deps.invoices.get(workspaceId, id);
    return this.renderRequests.forInvoice(doc, await this.workspaces.get(workspaceId));
  }

  overdueSweep(now: Date, workspaceId?: string): Promise<string[]> {
    return this.overdue.run(now, workspaceId);
  }

  creditBalance(workspaceId: string): Promise<CreditBalance> {
    return this.credits.balance(workspaceId);
  }

  setCredits(workspaceId: string, balance: number | null): Promise<CreditBalance> {
    return this.credits.set(workspaceId, balance);
  }

  addCredits(workspaceId: string, amount: number, operationId: string | undefined): Promise<CreditBalance> {
    return this.credits.add(workspaceId, amount, operationId);
  }
}
