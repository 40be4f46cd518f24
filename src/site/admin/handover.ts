// A one-time link handed over in person: the whole address as text (selectable, with a
// Copy button) and as a QR code to scan from this screen. The API shows it once; it is
// not kept anywhere on this side either. The QR code is uqr's own SVG, read as an SVG
// document (never as HTML), so nothing the API sent is parsed as markup.
import { renderSVG } from 'uqr';
import { h } from '../../core/dom.js';
import type { PasswordLink } from './api.js';
import { formatDateTime } from '../common/format.js';
import { t } from '../../core/words.js';

/** The QR code of `text` as an SVG element, labelled for screen readers. */
export function qrCode(text: string, label: string): Element {
  const svg = new DOMParser().parseFromString(renderSVG(text, { ecc: 'M', border: 2 }), 'image/svg+xml').documentElement;
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('class', 'qr');
  return document.importNode(svg, true);
}

export function handover(link: PasswordLink, name: string): HTMLElement {
  const address = new URL(link.path, location.origin).href;
  const field = h('input', { id: 'handover-link', readonly: true, value: address, 'aria-describedby': 'handover-note' });
  const copied = h('span', { role: 'status' });
  const say = (text: string) => {
    copied.textContent = text;
  };
  const copy = () => {
    if (!navigator.clipboard) {
      say(t('Select the address and copy it.'));
      return;
    }
    navigator.clipboard.writeText(address).then(
      () => say(t('Copied.')),
      () => say(t('Select the address and copy it.')),
    );
  };
  return h(
    'section',
    { class: 'handover', 'aria-labelledby': 'handover-title' },
    h('h2', { id: 'handover-title', tabindex: -1 }, t('{name}\'s link to set a password', { name })),
    h('p', { id: 'handover-note' }, t('It works once, until {dateTime}. It is shown only now: hand it over, by the QR code or as text.', { dateTime: formatDateTime(link.expiresAt) })),
    qrCode(address, t('QR code of {name}\'s link', { name })),
    h('label', { for: 'handover-link' }, t('The link')),
    h('div', { class: 'row' }, field, h('button', { type: 'button', class: 'button secondary', onclick: copy }, t('Copy')), copied),
  );
}
