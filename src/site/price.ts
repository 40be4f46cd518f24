// How the site writes money. Prices are written by hand, as Intl.NumberFormat('en-IE', EUR)
// writes them ("€1,234.56"; a test compares the two): making an Intl formatter loads its
// language's data, a task of 125 ms on a slow phone (Lighthouse's 4× slower CPU), once on
// the diner's first screen.

/** Euro cents as "€14.50"; thousands grouped with commas. */
export function formatPrice(cents: number): string {
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}€${String(whole).replace(/\B(?=(\d{3})+$)/g, ',')}.${rest}`;
}
