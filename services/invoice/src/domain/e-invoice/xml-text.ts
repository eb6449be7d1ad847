/**
 * Text for the e-invoice XML. Invoice texts come from API clients and may hold anything: markup
 * characters are escaped, and the characters XML 1.0 cannot carry at all (C0 controls other than
 * tab, line feed and carriage return, lone surrogates, U+FFFE and U+FFFF) are removed, since even a
 * character reference to them makes the document ill-formed.
 */

const notXml = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const markup = /[&<>"']/g;
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** `text` without the characters XML 1.0 does not allow, and with its surrounding white space trimmed. */
export function xmlClean(text: string): string {
  return text.replace(notXml, '').trim();
}

/** `text` escaped for element content and attribute values (both quote styles). */
export function xmlEscape(text: string): string {
  return text.replace(notXml, '').replace(markup, (c) => entities[c]!);
}
