// Keeps an open menu current: every 5 seconds, while the tab is seen and shows the menu,
// one conditional request for the categories. Menu answers carry the menu's version as
// their ETag and must be revalidated (`no-cache`), so the browser sends If-None-Match and
// almost always gets a 304 with no body; when the version moves (a dish sold out, a new
// price), `event` (MENU_CHANGED) goes out on `document` and the page on screen draws itself again.
// One cheap request per interval rather than a stream per diner: the server keeps no
// connection for each open menu, and five seconds is soon enough for "sold out".
// It imports nothing, so it is a small file of its own, fetched after the page.
export const WATCH_MS = 5000;

// The page's address without its language's base (`/it/menu` is the menu too).
const onMenuPage = (pathname: string) => /^(\/it)?(\/|\/menu(\/.*)?)?$/i.test(pathname);

/** Watches `url` (a menu answer); returns a stop. */
export function watchMenu(url: string, event: string, every = WATCH_MS): () => void {
  let version: string | null = null;
  const check = async () => {
    if (document.visibilityState !== 'visible' || !onMenuPage(location.pathname)) return;
    try {
      const response = await fetch(url);
      const seen = response.headers.get('ETag');
      if (version && seen && seen !== version) document.dispatchEvent(new Event(event));
      version = seen ?? version;
    } catch {
      // offline for a moment: the next check tries again
    }
  };
  void check();
  const timer = setInterval(check, every);
  return () => clearInterval(timer);
}
