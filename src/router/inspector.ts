/**
 * The route inspector of `npm run dev`: a small panel, shown and hidden with the ` key
 * (backquote, outside form fields), that says for the page on screen which branch
 * matched and why the ones ranked above it did not, the params, the guard's decision,
 * whether the entry was pushed or replaced, and what happened to the scroll position.
 *
 * The app reports each page change with a `router:render` event and the scroll with
 * `router:scroll`, only when `process.env.NODE_ENV` is not "production"; the dev server
 * injects this module before the app. A production build has neither.
 */
import type { Route } from './match.js';
import { explain } from './explain.js';

interface Rendered {
  table: readonly Route[];
  pathname: string;
  action: string;
  guard?: string;
}

export function installInspector(doc: Document = document): () => void {
  const panel = doc.createElement('aside');
  panel.setAttribute('aria-label', 'Route inspector');
  panel.hidden = true;
  panel.tabIndex = 0; // it scrolls when long: reachable from the keyboard
  // Styled through the CSSOM, which the site's Content-Security-Policy allows.
  Object.assign(panel.style, {
    position: 'fixed', insetInline: '0.5rem', bottom: '0.5rem', zIndex: '1000', maxHeight: '45vh', overflow: 'auto',
    font: '12px/1.5 ui-monospace, monospace', background: '#111', color: '#eee', padding: '0.5rem 0.75rem',
    borderRadius: '6px', border: '1px solid #555', boxShadow: '0 2px 12px rgb(0 0 0 / 0.4)', whiteSpace: 'pre', // a table: scrolls sideways on a phone rather than wrap
  });
  let rendered: Rendered | null = null;
  let scroll = '';
  let redirected = ''; // the page a guard turned away, just before this one

  function draw() {
    if (!rendered || panel.hidden) return;
    const { table, pathname, action, guard } = rendered;
    const { branches, winner } = explain(table, pathname);
    const lines = [`${action} ${pathname}   (press \` to hide)`, ''];
    for (const branch of branches) {
      const mark = branch.routes === winner?.routes ? '▶' : branch.fits ? '·' : '✗';
      lines.push(`${mark} ${branch.pattern.padEnd(18)} ${branch.stop ? `stopped at segment ${branch.stop.segment}: ${branch.stop.reason}` : branch.routes === winner?.routes ? 'matched' : 'fits, ranked lower'}`);
    }
    lines.push('', `params: ${JSON.stringify(winner?.params ?? {})}`, `guard:  ${redirected || guard || 'none on this page'}`, `scroll: ${scroll || '(not yet)'}`);
    panel.textContent = lines.join('\n');
  }

  const onRender = (event: Event) => {
    const next = (event as CustomEvent<Rendered>).detail;
    // A page that never arrived (no scroll report) was turned away by its guard. The same
    // change again is a lazy page whose file arrived after its placeholder: what led there stands.
    if (rendered?.pathname !== next.pathname || rendered.action !== next.action) redirected = rendered?.guard && !scroll ? `on ${rendered.pathname}, ${rendered.guard}` : '';
    rendered = next;
    scroll = '';
    draw();
  };
  const onScroll = (event: Event) => {
    scroll = (event as CustomEvent<{ scroll: string }>).detail.scroll;
    draw();
  };
  const onKey = (event: KeyboardEvent) => {
    const field = (event.target as Element | null)?.closest?.('input, textarea, select, [contenteditable]');
    if (event.key !== '`' || field || event.ctrlKey || event.metaKey || event.altKey) return;
    panel.hidden = !panel.hidden;
    if (!panel.isConnected) doc.body.append(panel);
    draw();
  };
  doc.addEventListener('router:render', onRender);
  doc.addEventListener('router:scroll', onScroll);
  doc.addEventListener('keydown', onKey);
  return () => {
    doc.removeEventListener('router:render', onRender);
    doc.removeEventListener('router:scroll', onScroll);
    doc.removeEventListener('keydown', onKey);
    panel.remove();
  };
}
