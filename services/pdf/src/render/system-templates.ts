import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { plainLayoutFile, systemTemplates } from '../domain/templates.ts';

const templatesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../templates');

export interface SystemTemplateSources {
  /** Handlebars content by system template id. */
  byId: Map<string, string>;
  /** The plain built-in English layout. */
  plain: string;
}

/**
 * Prettier's handlebars printer drops `<!DOCTYPE html>` from the .hbs files, and without it
 * Chromium lays the page out in quirks mode (tables stop inheriting font sizes). So the files carry
 * no doctype and it is added here.
 */
export function withDoctype(html: string): string {
  return /^\s*<!doctype/i.test(html) ? html : `<!DOCTYPE html>\n${html}`;
}

/** Reads the shipped .hbs files once at start-up. */
export function loadSystemTemplateSources(): SystemTemplateSources {
  const read = (file: string) => withDoctype(readFileSync(path.join(templatesDir, file), 'utf8'));
  return {
    byId: new Map(systemTemplates.map((t) => [t.id, read(t.file)])),
    plain: read(plainLayoutFile),
  };
}
