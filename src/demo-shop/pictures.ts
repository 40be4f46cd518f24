// Pictures for the stand-in's products and users: simple SVGs drawn on request, so
// nothing is fetched from the internet.
const PALETTE = ['#e76f51', '#2a9d8f', '#e9c46a', '#264653', '#f4a261', '#8ab17d'];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

export function picture(label: string, seed: number): string {
  const color = PALETTE[seed % PALETTE.length];
  const initials = escapeXml(label.split(/\s+/).slice(0, 2).map((word) => word[0]).join('').toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300"><rect width="300" height="300" fill="#f5f1ea"/><circle cx="150" cy="150" r="110" fill="${color}"/><text x="150" y="150" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="90" font-weight="700" fill="#fff">${initials}</text></svg>`;
}
