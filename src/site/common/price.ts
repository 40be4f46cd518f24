// How the site writes money. Prices are written by hand, as Intl.NumberFormat writes them
// in the page's language ("€1,234.56" as 'en-IE' does, "1234,56 €" and "12.345,00 €" as
// 'it-IT' does; a test compares them): making an Intl formatter loads its language's data,
// a task of 125 ms on a slow phone (Lighthouse's 4× slower CPU), once on the diner's first
// screen. Each build keeps its own language's branch only (build-constants.d.ts).

/** Euro cents as "€14.50" (English, thousands grouped with commas) or "14,50 €" (Italian, grouped with points from 10,000). */
export function formatPrice(cents: number): string {
  if (typeof __LANG__ === 'string' && __LANG__ === 'it') return italianPrice(cents);
  const whole = String(Math.floor(Math.abs(cents) / 100));
  return `${cents < 0 ? '-' : ''}€${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/** The Italian way: "14,50 €", "1234,56 €", "12.345,00 €", a no-break space before the sign as Intl writes it (the English build does not carry it). */
export function italianPrice(cents: number): string {
  const whole = String(Math.floor(Math.abs(cents) / 100));
  return `${cents < 0 ? '-' : ''}${whole.length > 4 ? whole.replace(/\B(?=(\d{3})+$)/g, '.') : whole},${String(Math.abs(cents) % 100).padStart(2, "0")}\u00a0€`;
}
