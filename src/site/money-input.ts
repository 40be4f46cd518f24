import { LANG } from '../core/words.js';

/** Euros as a person types them ("12.50", "12,50" or "12") in cents; NaN for anything else. */
export const centsOf = (text: string): number => (/^\d{1,6}([.,]\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim().replace(',', '.')) * 100) : Number.NaN);

/** Euro cents as a money field shows them to be changed ("14.50", in Italian "14,50"): what centsOf reads back. */
export function euros(cents: number): string {
  const text = (cents / 100).toFixed(2);
  return LANG === 'it' ? text.replace('.', ',') : text;
}
