// The same page in the other language (English at `/menu`, Italian at `/it/menu`): the
// header's switch and the one-line suggestion (both in index.html, written by build.mjs)
// follow the address, so switching keeps the page, its filters (in the address) and the
// cart (kept in this browser). The choice is remembered here; a browser that prefers the
// other language is offered it in a line, never sent there by itself. The head's `hreflang`
// alternates follow the page too. Fetched after the page has loaded: a landing does not wait.
import type { Navigation } from '../../router/navigation.js';

const CHOICE = 'tavola.lang';
// Read from the page, so this file imports nothing and is a small one of its own.
const OTHER = document.documentElement.lang === 'it' ? 'en' : 'it';
const BASES = { en: '', it: '/it' };

/** An app address (`/menu?q=x`) in `lang`'s part of the site. */
const inLanguage = (path: string, lang: 'en' | 'it') => (BASES[lang] && path === '/' ? `${BASES[lang]}/` : BASES[lang] + path);

export function followLanguage(navigation: Navigation): void {
  const links = document.querySelectorAll<HTMLAnchorElement>('a[hreflang]');
  const hint = document.querySelector<HTMLElement>('.language-hint');
  for (const link of links) link.addEventListener('click', () => localStorage.setItem(CHOICE, OTHER));
  const chosen = localStorage.getItem(CHOICE);
  if (hint) hint.hidden = chosen ? chosen !== OTHER : !navigator.languages[0]?.toLowerCase().startsWith(OTHER);

  const show = () => {
    const { path } = navigation.current();
    for (const link of links) link.setAttribute('href', inLanguage(path, OTHER));
    const page = path.replace(/#.*/, '');
    for (const link of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) link.remove();
    for (const [hreflang, lang] of [['en', 'en'], ['it', 'it'], ['x-default', 'en']] as const) {
      const link = document.createElement('link');
      Object.assign(link, { rel: 'alternate', hreflang, href: location.origin + inLanguage(page, lang) });
      document.head.append(link);
    }
  };
  navigation.subscribe(show);
  show();
}
