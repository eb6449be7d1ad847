/**
 * Shared Intl formatters. Building an Intl.NumberFormat or Intl.DateTimeFormat costs some 50 times
 * more than using one (it loads the locale's patterns and the zone's rules), and a generate used to
 * build several: each option set is built once per process.
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let fmt = cache.get(key) as T | undefined;
  if (!fmt) {
    fmt = make();
    // Option sets come from code and validated settings (locales, zones, currencies): a bound, not an eviction policy.
    if (cache.size > 2000) cache.clear();
    cache.set(key, fmt);
  }
  return fmt;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** Throws as the constructor does (an unknown time zone), and then caches nothing. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}
