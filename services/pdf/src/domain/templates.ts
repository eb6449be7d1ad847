import { AppError } from '@invoice-platform/common/errors';
import { type Plan, planAllows } from './plans.ts';

/** A template as the catalogue sees it: system templates (files) and workspace templates (Mongo). */
export interface TemplateDef {
  id: string;
  name: string;
  kind: 'system' | 'workspace';
  min_plan: Plan;
}

export interface SystemTemplateDef extends TemplateDef {
  kind: 'system';
  /** File under src/templates/. */
  file: string;
}

/** Shipped templates; the first is the service default (docs/architecture.md#templates: system_default). */
export const systemTemplates: readonly SystemTemplateDef[] = [
  { id: 'classic', name: 'Classic', kind: 'system', min_plan: 'free', file: 'classic.hbs' },
  { id: 'modern', name: 'Modern', kind: 'system', min_plan: 'specialist', file: 'modern.hbs' },
];

export const serviceDefaultTemplateId = 'classic';

/** The plain built-in English layout, used when no template is usable (template: null). */
export const plainLayoutFile = 'plain.hbs';

/**
 * Whether a workspace template prints credit notes: it reads `view.credit_note` (docs/money-trail.md
 * "Documents"). One written before credit notes existed would print a note as an invoice, without
 * the invoice it corrects, so a note falls back to the service default template instead.
 */
export function printsCreditNotes(content: string): boolean {
  return content.includes('credit_note');
}

/** Everything a workspace can name in `template`. */
export interface Catalogue {
  system: readonly TemplateDef[];
  /** The workspace's own templates. */
  workspace: readonly TemplateDef[];
  serviceDefaultId: string;
  /** The workspace default, when set (a system id or one of the workspace's). */
  workspaceDefaultId?: string | undefined;
}

/** A workspace's own template as stored (pdf.proto WorkspaceTemplate plus its content). */
export interface WorkspaceTemplate {
  id: string;
  workspace_id: string;
  name: string;
  content: string;
  helpers: string;
  min_plan: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** What creating or replacing a workspace template sets. */
export interface WorkspaceTemplateFields {
  name: string;
  content: string;
  helpers: string;
  min_plan: Plan;
}

/** pdf.v1.Template */
export interface TemplateListItem {
  id: string;
  name: string;
  available: boolean;
  system_default: boolean;
  workspace_default: boolean;
  kind: 'system' | 'workspace';
  min_plan: Plan;
}

/** invoice.v1.TemplateInfo */
export interface TemplateInfo {
  id: string;
  name: string;
  source: 'requested' | 'company_default' | 'system_default' | 'fallback';
}

/** System templates first (service default first), then workspace templates by name (pdf.proto). */
export function orderedTemplates(cat: Catalogue): TemplateDef[] {
  const system = [...cat.system].sort((a, b) =>
    a.id === cat.serviceDefaultId ? -1 : b.id === cat.serviceDefaultId ? 1 : 0,
  );
  const workspace = [...cat.workspace].sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id));
  return [...system, ...workspace];
}

export function listTemplates(cat: Catalogue, plan: Plan): TemplateListItem[] {
  const workspaceDefault = findTemplate(cat, cat.workspaceDefaultId)?.id;
  return orderedTemplates(cat).map((t) => ({
    id: t.id,
    name: t.name,
    available: planAllows(plan, t.min_plan),
    system_default: t.kind === 'system' && t.id === cat.serviceDefaultId,
    workspace_default: t.id === workspaceDefault,
    kind: t.kind,
    min_plan: t.min_plan,
  }));
}

export function findTemplate(cat: Catalogue, id: string | undefined): TemplateDef | undefined {
  if (!id) return undefined;
  return cat.system.find((t) => t.id === id) ?? cat.workspace.find((t) => t.id === id);
}

/**
 * docs/architecture.md#templates. The requested template when given and usable (requested); none given:
 * the workspace default (company_default), else the service default (system_default); the chosen
 * one not usable on the plan: the first usable one in list order (fallback). Nothing usable: null,
 * meaning the plain built-in English layout. An unknown requested id is a ValidationError on
 * "body.template" (the generate field); an empty string counts as not given.
 */
export function resolveTemplate(cat: Catalogue, plan: Plan, requestedId: string | undefined): TemplateInfo | null {
  let chosen: TemplateDef | undefined;
  let source: TemplateInfo['source'];
  if (requestedId) {
    chosen = findTemplate(cat, requestedId);
    if (!chosen) {
      throw AppError.validation([{ path: 'body.template', message: `unknown template "${requestedId}"` }]);
    }
    source = 'requested';
  } else {
    chosen = findTemplate(cat, cat.workspaceDefaultId);
    source = 'company_default';
    if (!chosen) {
      chosen = findTemplate(cat, cat.serviceDefaultId);
      source = 'system_default';
    }
  }
  if (chosen && planAllows(plan, chosen.min_plan)) return { id: chosen.id, name: chosen.name, source };
  const usable = orderedTemplates(cat).find((t) => planAllows(plan, t.min_plan));
  return usable ? { id: usable.id, name: usable.name, source: 'fallback' } : null;
}
