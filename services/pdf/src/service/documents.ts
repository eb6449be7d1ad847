import { AppError } from '@invoice-platform/common/errors';
import type { Logger } from '@invoice-platform/common/logger';
import { buildTemplateData, type RenderRequest, validateRenderRequest } from '../domain/document.ts';
import { sampleCreditNoteRequest, sampleRenderRequest } from '../domain/sample.ts';
import {
  printsCreditNotes,
  serviceDefaultTemplateId,
  systemTemplates,
  type TemplateInfo,
} from '../domain/templates.ts';
import { countPdfPages, creditNoteDownloadName, downloadName, type FileInfo, sha256Hex } from '../domain/files.ts';
import type { FileStore } from '../store/files.ts';
import type { TemplateStore } from '../store/templates.ts';
import type { FairQueue } from '../render/fair-queue.ts';
import { FacturXError } from '../render/factur-x.ts';
import { type PdfRenderer, TemplateError } from '../render/renderer.ts';
import type { SystemTemplateSources } from '../render/system-templates.ts';

export const renderFailedMessage = 'The PDF could not be generated.';

export interface DocumentsDeps {
  templates: TemplateStore;
  files: FileStore;
  renderer: PdfRenderer;
  /** Admission to the renderer, fair across workspaces. */
  queue: FairQueue;
  sources: SystemTemplateSources;
  log: Logger;
}

interface ChosenLayout {
  content: string;
  helpers: string;
  /** Absent for the plain built-in layout. */
  template: TemplateInfo | null;
}

/** Rendering and storing: what Render, the template admin RPCs and the re-render share. */
export class Documents {
  private readonly deps: DocumentsDeps;

  constructor(deps: DocumentsDeps) {
    this.deps = deps;
  }

  /** Renders and stores a new file (pdf.proto Render). ApplicationError when it cannot be printed. */
  async render(req: RenderRequest): Promise<{ file: FileInfo; render_ms: number }> {
    const started = Date.now();
    const { document, language, marking, creditNote } = validateRenderRequest(req);
    const layout = await this.chooseLayout(req.workspace_id, req.template_id, creditNote !== null);
    const data = buildTemplateData(document, layout.template ? language : 'en', marking, creditNote);
    let printed: Buffer;
    let pdf: Buffer;
    try {
      printed = await this.deps.queue.run(req.workspace_id, layout.helpers.trim() !== '', () =>
        this.deps.renderer.render({ content: layout.content, helpers: layout.helpers, data }),
      );
      // Every render of a Factur-X invoice, re-renders included, carries the XML (pdf.proto).
      pdf = req.factur_x_xml === undefined ? printed : await this.deps.renderer.withFacturX(printed, req.factur_x_xml);
    } catch (err) {
      this.deps.log.warn(
        { err: (err as Error).message, invoice_id: req.invoice_id, template: layout.template?.id ?? 'plain' },
        'render failed',
      );
      // A template's own failure is named (the workspace can fix its template); a printing failure
      // is not, it says nothing the caller can act on. `limit`: refused again on every retry.
      if (err instanceof TemplateError) {
        throw new AppError(
          'application',
          `${renderFailedMessage.replace(/\.$/, ':')} ${firstLine(err.message).replace(/\.$/, '')}.`,
          err.limit ? { limit: err.limit } : undefined,
        );
      }
      // Chromium wrote a PDF neither the incremental update nor pdf-lib can make compliant: every
      // retry would meet it again, and a file that only looks like PDF/A-3b is worse than none.
      if (err instanceof FacturXError) {
        throw new AppError('internal', `The PDF could not be made PDF/A-3b for Factur-X: ${err.message}.`);
      }
      throw new AppError('application', renderFailedMessage);
    }
    const file = await this.deps.files.put(pdf, {
      workspace_id: req.workspace_id,
      invoice_id: req.invoice_id,
      content_type: 'application/pdf',
      download_name: creditNote
        ? creditNoteDownloadName(creditNote.credit_note_number)
        : downloadName(document.invoice_number, marking!),
      sha256: sha256Hex(pdf),
      // Counted on Chromium's bytes: the Factur-X update adds no page, but its XMP repeats the title.
      pages: countPdfPages(printed),
      invoice_sequence: req.invoice_sequence,
      template: layout.template,
      document_language: language,
      status_marking: marking ?? '',
    });
    return { file, render_ms: Date.now() - started };
  }

  /**
   * The template named by a render request. Unset: the plain layout. An id that no longer exists
   * (a deleted workspace template) falls back to the workspace default, else the service default
   * (pdf.proto DeleteWorkspaceTemplate); the plan is not known here, so it is not checked again.
   * A credit note skips a workspace template that does not print credit notes (printsCreditNotes).
   */
  private async chooseLayout(
    workspaceId: string,
    templateId: string | undefined,
    creditNote: boolean,
  ): Promise<ChosenLayout> {
    const { sources, templates } = this.deps;
    if (!templateId) return { content: sources.plain, helpers: '', template: null };
    const pick = async (id: string, source: TemplateInfo['source']): Promise<ChosenLayout | undefined> => {
      const system = systemTemplates.find((t) => t.id === id);
      if (system) {
        return { content: sources.byId.get(id)!, helpers: '', template: { id, name: system.name, source } };
      }
      const own = await templates.findTemplate(workspaceId, id);
      if (own && creditNote && !printsCreditNotes(own.content)) return undefined;
      return own ? { content: own.content, helpers: own.helpers, template: { id, name: own.name, source } } : undefined;
    };
    const requested = await pick(templateId, 'requested');
    if (requested) return requested;
    const workspaceDefault = await templates.getDefaultTemplateId(workspaceId);
    return (
      (workspaceDefault ? await pick(workspaceDefault, 'fallback') : undefined) ??
      (await pick(serviceDefaultTemplateId, 'fallback'))!
    );
  }

  /**
   * Renders a workspace template on the sample document before it is stored (pdf.proto
   * UpsertWorkspaceTemplate): ValidationError on "content" (or "helpers") when it does not render.
   */
  async testRender(workspaceId: string, content: string, helpers: string): Promise<void> {
    const sample = sampleRenderRequest();
    const samples = [buildTemplateData(sample.document!, 'en', 'UNPAID')];
    // A template that prints credit notes is used for them: it must render one too.
    if (printsCreditNotes(content)) {
      const note = sampleCreditNoteRequest();
      samples.push(buildTemplateData(note.document!, 'en', null, note.credit_note ?? null));
    }
    try {
      for (const data of samples) {
        await this.deps.queue.run(workspaceId, helpers.trim() !== '', () =>
          this.deps.renderer.render({ content, helpers, data }),
        );
      }
    } catch (err) {
      if (err instanceof TemplateError) {
        const path = err.property === 'helpers' && helpers ? 'helpers' : 'content';
        throw AppError.validation([{ path, message: `does not render: ${firstLine(err.message)}` }]);
      }
      throw new AppError('application', 'The template could not be test-rendered; retry shortly.');
    }
  }
}

function firstLine(message: string): string {
  const lines = message.split('\n').filter((l) => l.trim() !== '');
  const because = lines.find((l) => l.startsWith('(because)'));
  return (because ?? lines[0] ?? message).replace(/^\(because\)\s*/, '').slice(0, 300);
}
