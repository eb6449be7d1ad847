import { type Connection, Schema } from 'mongoose';
import { processedEventModel } from '@invoice-platform/common/store/processed-events';
import type { WorkspaceTemplate } from '../domain/templates.ts';

/** A workspace's own template as stored: its id as `_id`. */
export type WorkspaceTemplateDoc = Omit<WorkspaceTemplate, 'id'> & { _id: string };

/** Per-workspace template settings: the workspace default (OpenAPI `generateInvoice` `template` omitted). */
export interface WorkspaceSettingsDoc {
  /** The workspace id. */
  _id: string;
  default_template_id: string | null;
  updated_at: Date;
}

/** The newest invoice sequence this service rendered for an invoice, to drop stale events. */
export interface InvoiceRenderStateDoc {
  /** The invoice id. */
  _id: string;
  workspace_id: string;
  last_sequence: number;
  updated_at: Date;
}

const workspaceTemplateSchema = new Schema<WorkspaceTemplateDoc>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    name: { type: String, required: true },
    content: { type: String, required: true },
    helpers: { type: String, default: '' },
    min_plan: { type: String, required: true },
    version: { type: Number, default: 1 },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'workspace_templates' },
);
// ListTemplates / ResolveTemplate: a workspace's templates in name order; also serves the
// workspace-scoped lookups by (workspace_id, _id).
workspaceTemplateSchema.index({ workspace_id: 1, name: 1 });

const workspaceSettingsSchema = new Schema<WorkspaceSettingsDoc>(
  {
    _id: String,
    default_template_id: { type: String, default: null },
    updated_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'workspace_settings' },
);
// Looked up by _id (the workspace id) only: no secondary index.

const invoiceRenderStateSchema = new Schema<InvoiceRenderStateDoc>(
  {
    _id: String,
    workspace_id: { type: String, required: true },
    last_sequence: { type: Number, required: true },
    updated_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'invoice_render_state' },
);
// Looked up by _id (the invoice id) only: no secondary index.

export function registerModels(conn: Connection) {
  return {
    WorkspaceTemplate: conn.model<WorkspaceTemplateDoc>('WorkspaceTemplate', workspaceTemplateSchema),
    WorkspaceSettings: conn.model<WorkspaceSettingsDoc>('WorkspaceSettings', workspaceSettingsSchema),
    ProcessedEvent: processedEventModel(conn),
    InvoiceRenderState: conn.model<InvoiceRenderStateDoc>('InvoiceRenderState', invoiceRenderStateSchema),
  };
}

export type Models = ReturnType<typeof registerModels>;
