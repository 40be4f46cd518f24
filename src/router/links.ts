/**
 * In-app links: one delegated click listener turns clicks on ordinary `<a href>`
 * elements into `navigate()` calls, and leaves every other click to the browser.
 */

/**
 * The address to navigate to for this click, or null when the browser should handle it.
 * The whole rule list lives here so it can be read and tested in one place.
 */
export function inAppTarget(event: MouseEvent, anchor: HTMLAnchorElement, here: Location): string | null {
  if (event.defaultPrevented) return null; // someone else handled it
  if (event.button) return null; // not the main button: middle (new tab) or right (menu)
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return null; // new tab or window, download
  if (!anchor.hasAttribute('href')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download')) return null;
  if (anchor.relList.contains('external')) return null;
  const url = new URL(anchor.href, here.href);
  if (url.origin !== here.origin) return null; // another website: an ordinary link
  // A hash link to this same page scrolls to the fragment; the browser does that best.
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return null;
  return url.pathname + url.search + url.hash;
}

/** Listens for link clicks inside `root` and sends in-app ones to `navigate`; returns a stop. */
export function interceptLinks(root: Element | Document, navigate: (to: string) => void, here: Location = location): () => void {
  const onClick = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a');
    const to = anchor && inAppTarget(event as MouseEvent, anchor, here);
    if (to) {
      event.preventDefault();
      navigate(to);
    }
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}

// The same address as the matcher sees it: `//Menu/` is `/menu`.
const tidy = (pathname: string) => pathname.split('/').filter(Boolean).join('/').toLowerCase();

/** Marks the links inside `root` that point at `pathname` with `aria-current="page"`. */
export function markCurrentLinks(root: ParentNode, pathname: string): void {
  const here = tidy(pathname);
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-nav]')) {
    if (tidy(link.pathname) === here) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}
