/** The one DOM setup: happy-dom's window registered as the global one, at a fixed address. */
import { GlobalRegistrator } from '@happy-dom/global-registrator';

export const ORIGIN = 'http://localhost:8080';

if (!globalThis.document) {
  GlobalRegistrator.register({
    url: `${ORIGIN}/`,
    width: 1024,
    height: 768,
    // A link the app does not take would make happy-dom load a page; tests only look at the decision.
    settings: { navigation: { disableMainFrameNavigation: true, disableFallbackToSetURL: true } },
  });
}

/** A clean page: empty body, empty storage, the address back at `/`. */
export function resetDom(path = '/'): void {
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  history.replaceState(null, '', path);
}
