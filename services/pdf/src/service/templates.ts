import { AppError, type FieldError } from '@invoice-platform/common/errors';
import { isPlan, type Plan } from '../domain/plans.ts';
import {
  type Catalogue,
  findTemplate,
  listTemplates,
  resolveTemplate,
  serviceDefaultTemplateId,
  systemTemplates,
  type TemplateInfo,
  type TemplateListItem,
  type WorkspaceTemplate,
} from '../domain/templates.ts';
import type { TemplateStore } from '../store/templates.ts';
import type { Documents } from './documents.ts';

const maxTemplateBytes = 512 * 1024;
const maxNameLength = 200;

export interface TemplatesDeps {
  templates: TemplateStore;
  /** Test-renders a workspace template before it is stored. */
  documents: Documents;
}

/** A workspace template to store: a new one, or a replacement of `template_id`. */
export interface TemplateUpsert {
  template_id?: string;
  name?: string;
  content?: string;
  helpers?: string;
  min_plan?: string;
}

/**
 * The template catalogue (system templates and a workspace's own), the choice a generate makes
 * from it (docs/architecture.md#templates), and the workspace's own templates and default.
 */
export class Templates {
  private readonly deps: TemplatesDeps;

  constructor(deps: TemplatesDeps) {
    this.deps = deps;
  }

  async catalogue(workspaceId: string): Promise<Catalogue> {
    const [workspace, workspaceDefaultId] = await Promise.all([
      this.deps.templates.listTemplateDefs(workspaceId),
      this.deps.templates.getDefaultTemplateId(workspaceId),
    ]);
    return { system: systemTemplates, workspace, serviceDefaultId: serviceDefaultTemplateId, workspaceDefaultId };
  }

  /** pdf.proto ListTemplates. */
  async list(workspaceId: string, plan: Plan): Promise<TemplateListItem[]> {
    return listTemplates(await this.catalogue(workspaceId), plan);
  }

  /** pdf.proto ResolveTemplate. */
  async resolve(workspaceId: string, plan: Plan, requestedId: string | undefined): Promise<TemplateInfo | null> {
    return resolveTemplate(await this.catalogue(workspaceId), plan, requestedId);
  }

  /**
   * Checks, test-renders and stores a workspace template (pdf.proto UpsertWorkspaceTemplate); with
   * the workspace's default template id, for the answer.
   */
  async upsert(
    workspaceId: string,
    req: TemplateUpsert,
  ): Promise<{ template: WorkspaceTemplate; defaultTemplateId: string | undefined }> {
    const { templates, documents } = this.deps;
    const errors: FieldError[] = [];
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
    const content = req.content!;
    const helpers = req.helpers ?? '';
    const minPlan: Plan = req.min_plan && isPlan(req.min_plan) ? req.min_plan : 'professional';
    if (req.template_id && !(await templates.findTemplate(workspaceId, req.template_id))) {
      throw new AppError('not_found', `Template ${req.template_id} does not exist.`);
    }
    await documents.testRender(workspaceId, content, helpers);
    const fields = { name, content, helpers, min_plan: minPlan };
    const template = req.template_id
      ? await templates.replaceTemplate(workspaceId, req.template_id, fields)
      : await templates.createTemplate(workspaceId, fields);
    return { template, defaultTemplateId: await templates.getDefaultTemplateId(workspaceId) };
  }

  /** The workspace default: a system template or one of the workspace's; none (empty) clears it. */
  async setDefault(workspaceId: string, templateId: string | undefined): Promise<string | undefined> {
    if (templateId) {
      if (!findTemplate(await this.catalogue(workspaceId), templateId)) {
        throw AppError.validation([{ path: 'template_id', message: `unknown template "${templateId}"` }]);
      }
    }
    await this.deps.templates.setDefaultTemplateId(workspaceId, templateId || undefined);
    return templateId || undefined;
  }

  /** Deletes one of the workspace's templates, and the workspace default when it was that one. */
  async delete(workspaceId: string, templateId: string): Promise<{ deleted: boolean; wasDefault: boolean }> {
    return this.deps.templates.deleteTemplate(workspaceId, templateId);
  }
}
