import { AppError } from '@invoice-platform/common/errors';
import { newId } from '@invoice-platform/common/ids';
import type { Plan } from '../domain/plans.ts';
import type { TemplateDef, WorkspaceTemplate, WorkspaceTemplateFields } from '../domain/templates.ts';
import type { Models, WorkspaceTemplateDoc } from './models.ts';

function plain(doc: WorkspaceTemplateDoc): WorkspaceTemplate {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest };
}

/**
 * A workspace's own templates and its choice of default template (the workspace's settings
 * document), kept together: deleting a template clears the default that pointed at it.
 */
export class TemplateStore {
  private readonly models: Models;
  private readonly now: () => Date;

  constructor(models: Models, now: () => Date = () => new Date()) {
    this.models = models;
    this.now = now;
  }

  /** The workspace's templates without their content (catalogue entries). */
  async listTemplateDefs(workspaceId: string): Promise<TemplateDef[]> {
    const docs = await this.models.WorkspaceTemplate.find(
      { workspace_id: workspaceId },
      { _id: 1, name: 1, min_plan: 1 },
    )
      .sort({ name: 1 })
      .lean<Pick<WorkspaceTemplateDoc, '_id' | 'name' | 'min_plan'>[]>()
      .exec();
    return docs.map((d) => ({ id: d._id, name: d.name, kind: 'workspace', min_plan: d.min_plan as Plan }));
  }

  async findTemplate(workspaceId: string, id: string): Promise<WorkspaceTemplate | null> {
    const doc = await this.models.WorkspaceTemplate.findOne({ _id: id, workspace_id: workspaceId })
      .lean<WorkspaceTemplateDoc>()
      .exec();
    return doc ? plain(doc) : null;
  }

  async createTemplate(workspaceId: string, fields: WorkspaceTemplateFields): Promise<WorkspaceTemplate> {
    const at = this.now();
    const doc = await this.models.WorkspaceTemplate.create({
      _id: newId('tpl'),
      workspace_id: workspaceId,
      ...fields,
      version: 1,
      created_at: at,
      updated_at: at,
    });
    return plain(doc.toObject() as WorkspaceTemplateDoc);
  }

  /** NOT_FOUND when the id is not one of this workspace's templates. */
  async replaceTemplate(workspaceId: string, id: string, fields: WorkspaceTemplateFields): Promise<WorkspaceTemplate> {
    const updated = await this.models.WorkspaceTemplate.findOneAndUpdate(
      { _id: id, workspace_id: workspaceId },
      { $set: { ...fields, updated_at: this.now() }, $inc: { version: 1 } },
      { returnDocument: 'after' },
    )
      .lean<WorkspaceTemplateDoc>()
      .exec();
    if (!updated) throw new AppError('not_found', `Template ${id} does not exist.`);
    return plain(updated);
  }

  /** Deletes the template and clears the workspace default when it pointed at it. */
  async deleteTemplate(workspaceId: string, id: string): Promise<{ deleted: boolean; wasDefault: boolean }> {
    const res = await this.models.WorkspaceTemplate.deleteOne({ _id: id, workspace_id: workspaceId }).exec();
    const cleared = await this.models.WorkspaceSettings.updateOne(
      { _id: workspaceId, default_template_id: id },
      { $set: { default_template_id: null, updated_at: this.now() } },
    ).exec();
    return { deleted: res.deletedCount > 0, wasDefault: cleared.modifiedCount > 0 };
  }

  async getDefaultTemplateId(workspaceId: string): Promise<string | undefined> {
    const doc = await this.models.WorkspaceSettings.findById(workspaceId)
      .lean<{ default_template_id: string | null }>()
      .exec();
    return doc?.default_template_id ?? undefined;
  }

  async setDefaultTemplateId(workspaceId: string, templateId: string | undefined): Promise<void> {
    await this.models.WorkspaceSettings.updateOne(
      { _id: workspaceId },
      { $set: { default_template_id: templateId ?? null, updated_at: this.now() } },
      { upsert: true },
    ).exec();
  }
}
