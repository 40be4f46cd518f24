import { parse } from './match.js';

/**
 * In-app links: one delegated click listener turns clicks on ordinary `<a href>`
 * elements into `navigate()` calls, and leaves every other click to the browser.
 */

/**
 * The address to navigate to for this click, or null when the browser should handle it.
 * The whole rule list lives here so it can be read and tested in one place. `anchor` is
 * an HTML `<a>` or an SVG `<a>`, so it is read by its attributes (an SVG link's `href` and
 * `target` properties are not strings).
 */
export function inAppTarget(event: MouseEvent, anchor: HTMLAnchorElement | SVGAElement, here: Location): string | null {
  const href = anchor.getAttribute('href');
  if (event.defaultPrevented) return null; // someone else handled it
  if (event.button) return null; // not the main button: middle (new tab) or right (menu)
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return null; // new tab or window, download
  if (href == null) return null;
  if (anchor.getAttribute('target')?.replace('_self', '')) return null; // another tab or frame
  if (anchor.hasAttribute('download')) return null;
  if (anchor.getAttribute('rel')?.toLowerCase().includes('external')) return null; // rel="external" among its words
  const url = new URL(href, here.href);
  if (url.origin !== here.origin) return null; // another website: an ordinary link
  // A hash link to this same page scrolls to the fragment; the browser does that best.
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * Listens for link clicks inside `root` and sends in-app ones to `navigate`; returns a stop.
 * The link is found on the click's composed path, so one inside an open shadow root counts too.
 */
export function interceptLinks(root: Element | Document, navigate: (to: string) => void, here: Location = location): () => void {
  const onClick = (event: Event) => {
    const anchor = event.composedPath().find((node) => (node as Element).localName === 'a') as HTMLAnchorElement | undefined;
    const to = anchor && inAppTarget(event as MouseEvent, anchor, here);
    if (to) {
      event.preventDefault();
      navigate(to);
    }
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}

// The same address as the matcher sees it: `//M%65nu/` is `/menu`.
const tidy = (pathname: string) => parse(pathname).join('/');

/** Marks the links inside `root` that point at `pathname` with `aria-current="page"`. */
export function markCurrentLinks(root: ParentNode, pathname: string): void {
  const here = tidy(pathname);
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-nav]')) {
    if (tidy(link.pathname) === here) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}
