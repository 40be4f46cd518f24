// A button that puts the board alone on the whole screen, and back.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';

/** The button for `target`; none where the browser has no full screen. */
export function fullScreenButton(target: HTMLElement, signal: AbortSignal): HTMLButtonElement | null {
  if (!document.fullscreenEnabled) return null;
  const button = h('button', { type: 'button', class: 'button secondary', 'aria-pressed': 'false' }, t('Full screen'));
  button.addEventListener('click', () => void (document.fullscreenElement ? document.exitFullscreen() : target.requestFullscreen()).catch(() => {}));
  document.addEventListener('fullscreenchange', () => button.setAttribute('aria-pressed', String(document.fullscreenElement === target)), { signal });
  signal.addEventListener('abort', () => document.fullscreenElement === target && void document.exitFullscreen().catch(() => {}));
  return button;
}
