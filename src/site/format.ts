// How the site writes money and time.
//
// Prices are written by hand, as Intl.NumberFormat('en-IE', EUR) writes them ("€1,234.56";
// a test compares the two): making an Intl formatter loads its language's data, a task of
// 125 ms on a slow phone (Lighthouse's 4× slower CPU), once on the diner's first screen.
// Dates are for the order and staff pages, where that cost is paid later and once.
let dateTime: Intl.DateTimeFormat | undefined;

/** Euro cents as "€14.50"; thousands grouped with commas. */
export function formatPrice(cents: number): string {
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}€${String(whole).replace(/\B(?=(\d{3})+$)/g, ',')}.${rest}`;
}

export const formatDateTime = (iso: string) => (dateTime ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' })).format(new Date(iso));

/** "just now", "4 min ago", "1 h 5 min ago" */
export function formatAge(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min ago`;
}
