// A page whose code is fetched the first time it is shown, inside a page that is itself in a
// fetched file (the Admin's bookings, in the bookings file: later.ts). Until it arrives the
// page shows its heading and "Loading…"; focus and the announcement carry over to the page
// that comes. The router's own pages use `lazy` routes and the site's placeholder instead.
import type { View } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { NETWORK_FAILED } from '../../core/http.js';
import { failureNotice } from '../../core/load.js';
import { t } from '../../core/words.js';

export function lazyPage<S>(title: string, load: () => Promise<View<S>>): View<S> {
  let view: View<S> | undefined;
  return (ctx) => {
    if (view) return view(ctx);
    const slot = h('div', null, h('h1', null, title), h('p', { class: 'status', role: 'status' }, t('Loading…')));
    const show = () =>
      load().then(
        (loaded) => {
          view = loaded;
          if (ctx.signal.aborted) return;
          const page = loaded(ctx);
          const hadFocus = slot.contains(document.activeElement);
          slot.replaceWith(page instanceof Node ? page : page.node);
          const heading = document.querySelector<HTMLElement>('main h1');
          if (hadFocus && heading) {
            heading.tabIndex = -1;
            heading.focus({ preventScroll: true });
          }
        },
        () => {
          if (ctx.signal.aborted) return;
          slot.replaceChildren(h('h1', null, title), failureNotice(NETWORK_FAILED, show));
        },
      );
    show();
    return slot;
  };
}
