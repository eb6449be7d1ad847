/**
 * HTML built by a tagged template that escapes every interpolated value unless it is markup this
 * module produced itself, so no field of an invoice (customer name, notes, line descriptions: all
 * written by API clients) can ever become markup on the public page.
 */

export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]!);
}

function piece(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(piece).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** Values are escaped (for text and double-quoted attributes); nested html`` fragments and arrays of them are kept. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += piece(value) + strings[i + 1]!;
  });
  return new SafeHtml(out);
}
