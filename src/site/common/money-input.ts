import { LANG } from '../../core/words.js';

/** Each language's way of grouping thousands: "1.234,50" in Italian, "1,234.50" in English. */
const GROUPED = {
  it: { pattern: /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/, mark: /\./g },
  en: { pattern: /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/, mark: /,/g },
};

/**
 * Euros as a person types them in `lang`, in cents: "12.50", "12,50" or "12", and thousands
 * grouped as the language groups them ("1.234,50" in Italian, "1,234.50" in English); NaN
 * for anything else (a sum over 999,999.99 included).
 */
export function centsIn(typed: string, lang: 'en' | 'it'): number {
  let text = typed.trim();
  const grouped = GROUPED[lang];
  if (grouped.pattern.test(text)) text = text.replace(grouped.mark, '');
  return /^\d{1,6}([.,]\d{1,2})?$/.test(text) ? Math.round(Number(text.replace(',', '.')) * 100) : Number.NaN;
}

/** Euros as a person types them on this page, in cents (centsIn, in the page's language). */
export const centsOf = (text: string): number => centsIn(text, LANG);

/** Euro cents as a money field shows them to be changed ("14.50", in Italian "14,50"): what centsOf reads back. */
export function euros(cents: number): string {
  const text = (cents / 100).toFixed(2);
  return LANG === 'it' ? text.replace('.', ',') : text;
}
