// How the site writes money and time.
const euros = /* @__PURE__ */ new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
const dateTime = /* @__PURE__ */ new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' });

export const formatPrice = (cents: number) => euros.format(cents / 100);
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** "just now", "4 min ago", "1 h 5 min ago" */
export function formatAge(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min ago`;
}
