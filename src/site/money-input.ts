/** Euros as a person types them ("12.50", "12,50" or "12") in cents; NaN for anything else. */
export const centsOf = (text: string): number => (/^\d{1,6}([.,]\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim().replace(',', '.')) * 100) : Number.NaN);
