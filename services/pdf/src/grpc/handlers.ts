import { AppError } from '@invoice-platform/common/errors';
import type { TypedHandlers } from '@invoice-platform/common/grpc/server';
import type { PdfServiceDefinition } from '@invoice-platform/protos/invoiceplatform/pdf/v1/PdfService';
import { requirePlan } from '../domain/plans.ts';
import type { WorkspaceTemplate } from '../domain/templates.ts';
import type { Documents } from '../service/documents.ts';
import { maxStoredFileBytes, type StoredFiles } from '../service/files.ts';
import type { Templates } from '../service/templates.ts';

export interface PdfHandlersDeps {
  documents: Documents;
  templates: Templates;
  files: StoredFiles;
}

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
export function pdfHandlers(deps: PdfHandlersDeps): TypedHandlers<PdfServiceDefinition> {
  const { documents, templates, files } = deps;

  return {
    async Render(req) {
      requireWorkspace(req.workspace_id);
      return documents.render(req);
    },

    async ListTemplates(req) {
      const workspaceId = requireWorkspace(req.workspace_id);
      const plan = requirePlan(req.plan);
      return { templates: await templates.list(workspaceId, plan) };
    },

    async ResolveTemplate(req) {
      const workspaceId = requireWorkspace(req.workspace_id);
      const plan = requirePlan(req.plan);
      return { template: await templates.resolve(workspaceId, plan, req.requested_template_id) };
    },

    async GetFile(req) {
      const workspaceId = requireWorkspace(req.workspace_id);
      const info = await files.info(workspaceId, req.file_id);
      const content = req.include_content ? await files.content(info.file_id) : Buffer.alloc(0);
      return { info, content };
    },

    /** The file's info, then its bytes in chunks of at most 64 KiB (memory stays flat whatever the size). */
    async *StreamFile(req) {
      const workspaceId = requireWorkspace(req.workspace_id);
      const info = await files.info(workspaceId, req.file_id);
      yield { info };
      for await (const chunk of files.stream(info.file_id)) {
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
      return { deleted: await files.deleteInvoiceFiles(workspaceId, req.invoice_id, req.keep_file_id, storedBefore) };
    },

    async StoreFile(req) {
      const workspaceId = requireWorkspace(req.workspace_id);
      const errors = [];
      if (!req.invoice_id) errors.push({ path: 'invoice_id', message: 'is required' });
      if (!req.content_type) errors.push({ path: 'content_type', message: 'is required' });
      if (!req.download_name) errors.push({ path: 'download_name', message: 'is required' });
      if (!req.content || req.content.length === 0) errors.push({ path: 'content', message: 'is required' });
      else if (req.content.length > maxStoredFileBytes)
        errors.push({ path: 'content', message: `must be at most ${maxStoredFileBytes} bytes` });
      if (errors.length > 0) throw AppError.validation(errors);
      const file = await files.store({
        workspace_id: workspaceId,
        invoice_id: req.invoice_id,
        content_type: req.content_type,
        download_name: req.download_name,
        content: Buffer.from(req.content),
      });
      return { file };
    },

    async ArchiveFiles(req) {
      const workspaceId = requireWorkspace(req.workspace_id);
      const until = new Date(req.retain_until ?? '');
      const errors = [];
      if (!req.invoice_id) errors.push({ path: 'invoice_id', message: 'is required' });
      if (Number.isNaN(until.getTime())) errors.push({ path: 'retain_until', message: 'must be an RFC 3339 time' });
      if (errors.length > 0) throw AppError.validation(errors);
      return files.archive(workspaceId, req.invoice_id, req.file_ids ?? [], until);
    },

    async UpsertWorkspaceTemplate(req) {
      const workspaceId = requireWorkspace(req.workspace_id);
      const { template, defaultTemplateId } = await templates.upsert(workspaceId, req);
      return encodeWorkspaceTemplate(template, defaultTemplateId);
    },

    async SetWorkspaceDefaultTemplate(req) {
      const workspaceId = requireWorkspace(req.workspace_id);
      return { default_template_id: await templates.setDefault(workspaceId, req.template_id) };
    },

    async DeleteWorkspaceTemplate(req) {
      const workspaceId = requireWorkspace(req.workspace_id);
      if (!req.template_id) throw AppError.validation([{ path: 'template_id', message: 'is required' }]);
      const { deleted, wasDefault } = await templates.delete(workspaceId, req.template_id);
      return { deleted, was_default: wasDefault };
    },
  };
}
