/**
 * A template as the template list answers it (OpenAPI `Template`), written once, and its mapping
 * from the pdf.v1 Template message (contracts/json.ts).
 */
import type { Template__Output } from '@invoice-platform/protos/invoiceplatform/pdf/v1/Template';
import { type Static, Type } from '@sinclair/typebox';
import { fromMessage } from './json.ts';

export const Template = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    available: Type.Boolean({ description: 'Whether the plan allows using it.' }),
    system_default: Type.Boolean({ description: 'Marks the service default.' }),
    workspace_default: Type.Boolean({ description: 'Marks the workspace default.' }),
  },
  { title: 'Template' },
);
export type TemplateJson = Static<typeof Template>;

/** OpenAPI `Template` from a pdf.v1 Template: its kind and min_plan stay behind (admin API only). */
export function templateJson(message: Template__Output): TemplateJson {
  return fromMessage(Template, message);
}
