import ar from './ar.json' with { type: 'json' };
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import hi from './hi.json' with { type: 'json' };
import id from './id.json' with { type: 'json' };
import it from './it.json' with { type: 'json' };
import ja from './ja.json' with { type: 'json' };
import nl from './nl.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };
import zh from './zh.json' with { type: 'json' };
import { type DocumentLanguage, documentLanguages, isOneOf } from '../contracts/values.ts';

/**
 * The one catalogue of words customers read: the PDF documents, the public invoice page and the
 * recurring follow-up email, one complete dictionary per document_language
 * (docs/architecture.md#documents), one JSON file each beside this module (the unit tests check
 * every language has exactly the English keys). English is the shape the others
 * follow; a word only the page uses lives here too, so a translator has one file per language.
 */

export { documentLanguages, type DocumentLanguage };

export function isDocumentLanguage(value: string): value is DocumentLanguage {
  return isOneOf(documentLanguages, value);
}

export type WordKey = keyof typeof en;
export type Words = Readonly<Record<WordKey, string>>;

const dictionaries: Record<DocumentLanguage, Record<string, string>> = {
  en,
  id,
  es,
  fr,
  de,
  nl,
  it,
  pt,
  zh,
  ja,
  hi,
  ar,
};

export const englishWords: Words = dictionaries.en as Words;

/**
 * A language's dictionary. Typed as complete: the unit tests hold every JSON file to the English
 * keys, which the compiler cannot do across files.
 */
export function wordsFor(lang: DocumentLanguage): Words {
  return dictionaries[lang] as Words;
}

/** Keys of a language's dictionary that English does not have (always empty: checked by tests). */
export function unknownWordKeys(lang: DocumentLanguage): string[] {
  return Object.keys(dictionaries[lang]).filter((k) => !(k in englishWords));
}

/** Keys English has that a language's dictionary lacks or leaves blank (always empty: checked by tests). */
export function missingWordKeys(lang: DocumentLanguage): string[] {
  const words = dictionaries[lang];
  return Object.keys(englishWords).filter((k) => typeof words[k] !== 'string' || words[k].trim() === '');
}

/**
 * A catalogue sentence with its `{name}` slots filled. A slot the caller did not give stays as
 * written, so a missing value shows in the text instead of vanishing from it.
 */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) => values[name] ?? slot);
}

/** Intl locale for a document language (numbers and dates). */
export const localeOf: Record<DocumentLanguage, string> = {
  en: 'en-US',
  id: 'id-ID',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  nl: 'nl-NL',
  it: 'it-IT',
  pt: 'pt-BR',
  zh: 'zh-CN',
  ja: 'ja-JP',
  hi: 'hi-IN',
  ar: 'ar',
};

export function directionOf(lang: DocumentLanguage): 'ltr' | 'rtl' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}
