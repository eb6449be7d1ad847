import { AppError } from '@invoice-platform/common/errors';
import type { TypedHandlers } from '@invoice-platform/common/grpc';
import type { Logger } from '@invoice-platform/common/logger';
import type { PdfServiceDefinition } from '@invoice-platform/protos/invoiceplatform/pdf/v1/PdfService';
import { isPlan, type Plan, requirePlan } from '../domain/plans.ts';
import { findTemplate, listTemplates, resolveTemplate } from '../domain/templates.ts';
import type { Documents } from '../service/documents.ts';
import type { FileStore } from '../store/file-store.ts';
import type { PdfRepository, WorkspaceTemplate } from '../store/repository.ts';

export interface PdfDeps {
  documents: Documents;
  repo: PdfRepository;
  files: FileStore;
  log: Logger;
}

const maxTemplateBytes = 512 * 1024;
const maxNameLength = 200;

function requireWorkspace(workspaceId: unknown): string {
  if (typeof workspaceId !== 'string' || workspaceId === '') {
    throw AppError.validation([{ path: 'workspace_id', message: 'is required' }]);
  }
  return workspaceId;
}

function encodeWorkspaceTemplate(t: WorkspaceTemplate, defaultId: string | undefined) {
  return {
    id: t.id,
    workspace_id: t.workspace_id,
    name: t.name,
    min_plan: t.min_plan,
    version: t.version,
    workspace_default: t.id === defaultId,
    created_at: new Date(t.created_at).toISOString(),
    updated_at: new Date(t.updated_at).toISOString(),
  };
}

const streamChunkBytes = 64 * 1024;

/** pdf.v1.PdfService. */
export function pdfHandlers(deps: PdfDeps): TypedHandlers<PdfServiceDefinition> {
  const { documents, repo, files } = deps;

  return {
    async Render(req) {
      requireWorkspace(req.workspace_id);
      return documents.render(req);
    },

    async ListTemplates(req) {
      const workspaceId = requireWorkspace(req.workspace_id);
      const plan = requirePlan(req.plan);
      return { templates: listTemplates(await documents.catalogue(workspaceId), plan) };
    },

    async ResolveTemplate(req) {
      const workspaceId = requireWorkspace(req.workspace_id);
      const plan = requirePlan(req.plan);
      return { template: resolveTemplate(await documents.catalogue(workspaceId), plan, req.requested_template_id) };
    },

    async GetFile(req) {
      const workspaceId = requireWorkspace(req.workspace_id);
      const info = await files.get(workspaceId, req.file_id);
      const content = req.include_content ? await files.readAll(info.file_id) : Buffer.alloc(0);
      return { info, content };
    },

    /** The file's info, then its bytes in chunks of at most 64 KiB (memory stays flat whatever the size). */
    async *StreamFile(req) {
      const workspaceId = requireWorkspace(req.workspace_id);
      const info = await files.get(workspaceId, req.file_id);
      yield { info };
      for await (const chunk of files.openStream(info.file_id)) {
        const bytes = chunk as Buffer;
        for (let at = 0; at < bytes.length; at += streamChunkBytes) {
          yield { chunk: bytes.subarray(at, at + streamChunkBytes) };
        }
      }
    },

    async DeleteFile(req) {
      const workspaceId = requireWorkspace(req.workspace_id);
      return { deleted: await files.delete(workspaceId, req.file_id) };
    },

    async DeleteInvoiceFiles(req) {
      const workspaceId = requireWorkspace(req.workspace_id);
      if (!req.invoice_id) throw AppError.validation([{ path: 'invoice_id', message: 'is required' }]);
      let storedBefore: Date | undefined;
      if (req.stored_before) {
        storedBefore = new Date(req.stored_before);
        if (Number.isNaN(storedBefore.getTime()))
          throw AppError.validation([{ path: 'stored_before', message: 'must be an RFC 3339 time' }]);
      }
      const deleted = await files.deleteInvoiceFiles(workspaceId, req.invoice_id, req.keep_file_id, storedBefore);
      if (deleted > 0) deps.log.info({ invoice_id: req.invoice_id, deleted }, 'files no invoice points to deleted');
      return { deleted };
    },

    async UpsertWorkspaceTemplate(req) {
      const workspaceId = requireWorkspace(req.workspace_id);
      const errors: { path: string; message: string }[] = [];
      const name = (req.name ?? '').trim();
      if (!name || name.length > maxNameLength)
        errors.push({ path: 'name', message: `must be 1 to ${maxNameLength} characters` });
      if (!req.content?.trim()) errors.push({ path: 'content', message: 'is required' });
      else if (Buffer.byteLength(req.content) > maxTemplateBytes) {
        errors.push({ path: 'content', message: `must be at most ${maxTemplateBytes} bytes` });
      }
      if (req.min_plan !== undefined && req.min_plan !== '' && !isPlan(req.min_plan)) {
        errors.push({ path: 'min_plan', message: 'must be a plan' });
      }
      if (errors.length > 0) throw AppError.validation(errors);
      const helpers = req.helpers ?? '';
      const minPlan: Plan = req.min_plan && isPlan(req.min_plan) ? req.min_plan : 'professional';
      if (req.template_id && !(await repo.findTemplate(workspaceId, req.template_id))) {
        throw new AppError('not_found', `Template ${req.template_id} does not exist.`);
      }
      await documents.testRender(workspaceId, req.content, helpers);
      const fields = { name, content: req.content, helpers, min_plan: minPlan };
      const saved = req.template_id
        ? await repo.replaceTemplate(workspaceId, req.template_id, fields)
        : await repo.createTemplate(workspaceId, fields);
      return encodeWorkspaceTemplate(saved, await repo.getDefaultTemplateId(workspaceId));
    },

    async SetWorkspaceDefaultTemplate(req) {
      const workspaceId = requireWorkspace(req.workspace_id);
      if (req.template_id) {
        if (!findTemplate(await documents.catalogue(workspaceId), req.template_id)) {
          throw AppError.validation([{ path: 'template_id', message: `unknown template "${req.template_id}"` }]);
        }
      }
      await repo.setDefaultTemplateId(workspaceId, req.template_id || undefined);
      return { default_template_id: req.template_id || undefined };
    },

    async DeleteWorkspaceTemplate(req) {
      const workspaceId = requireWorkspace(req.workspace_id);
      if (!req.template_id) throw AppError.validation([{ path: 'template_id', message: 'is required' }]);
      const { deleted, wasDefault } = await repo.deleteTemplate(workspaceId, req.template_id);
      return { deleted, was_default: wasDefault };
    },
  };
}
