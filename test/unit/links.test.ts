import { ORIGIN, resetDom } from '../helpers/dom.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { interceptLinks, markCurrentLinks } from '../../src/router/links.js';

/** Clicks an anchor made from `attributes` and returns what reached navigate (or null). */
function click(attributes: Record<string, string>, init: MouseEventInit = {}, at = '/menu'): string | null {
  resetDom(at);
  const anchor = document.createElement('a');
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  const inner = document.createElement('span');
  anchor.append(inner);
  document.body.append(anchor);
  let navigated: string | null = null;
  const stop = interceptLinks(document, (to) => (navigated = to));
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  inner.dispatchEvent(event);
  stop();
  assert.is(event.defaultPrevented, navigated !== null, 'prevents the default exactly when it navigates');
  return navigated;
}

const Links = suite('interceptLinks: which clicks stay in the app');

Links('a plain left click on an in-app link navigates', () => {
  assert.is(click({ href: '/menu/3' }), '/menu/3');
});
Links('query and hash are kept', () => {
  assert.is(click({ href: '/menu?category=soup#list' }), '/menu?category=soup#list');
});
Links('a relative href resolves against the current address', () => {
  assert.is(click({ href: '3' }, {}, '/menu/1'), '/menu/3');
});
Links('an absolute address on our own origin navigates', () => {
  assert.is(click({ href: `${ORIGIN}/login` }), '/login');
});
Links('target="_self" navigates', () => {
  assert.is(click({ href: '/login', target: '_self' }), '/login');
});

const ignored: [string, Record<string, string>, MouseEventInit][] = [
  ['ctrl-click', { href: '/a' }, { ctrlKey: true }],
  ['meta-click', { href: '/a' }, { metaKey: true }],
  ['shift-click', { href: '/a' }, { shiftKey: true }],
  ['alt-click', { href: '/a' }, { altKey: true }],
  ['middle button', { href: '/a' }, { button: 1 }],
  ['right button', { href: '/a' }, { button: 2 }],
  ['target="_blank"', { href: '/a', target: '_blank' }, {}],
  ['download', { href: '/a', download: '' }, {}],
  ['rel="external"', { href: '/a', rel: 'noopener external' }, {}],
  ['another origin', { href: 'https://example.org/' }, {}],
  ['same host, other port', { href: 'http://localhost:9999/a' }, {}],
  ['mailto:', { href: 'mailto:chef@example.org' }, {}],
  ['a hash link to this page', { href: '#reviews' }, {}],
  ['an anchor without href', {}, {}],
];
for (const [name, attributes, init] of ignored) {
  Links(`leaves ${name} to the browser`, () => assert.is(click(attributes, init), null));
}

Links('a hash link to another page navigates', () => {
  assert.is(click({ href: '/menu/2#reviews' }), '/menu/2#reviews');
});

Links('a click someone already handled is left alone', () => {
  resetDom('/');
  const anchor = document.createElement('a');
  anchor.href = '/menu';
  anchor.addEventListener('click', (event) => event.preventDefault());
  document.body.append(anchor);
  let navigated = false;
  const stop = interceptLinks(document.body, () => (navigated = true));
  anchor.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  stop();
  assert.is(navigated, false);
});

Links('a link inside an open shadow root is found through the click\'s composed path', () => {
  resetDom('/');
  const host = document.createElement('div');
  document.body.append(host);
  const anchor = document.createElement('a');
  anchor.setAttribute('href', '/menu');
  const label = document.createElement('span');
  anchor.append(label);
  host.attachShadow({ mode: 'open' }).append(anchor);
  let navigated: string | null = null;
  const stop = interceptLinks(document, (to) => (navigated = to));
  const event = new MouseEvent('click', { bubbles: true, composed: true, cancelable: true });
  label.dispatchEvent(event);
  stop();
  assert.is(navigated, '/menu');
  assert.ok(event.defaultPrevented);
});

/** Clicks an SVG `<a>` made from `attributes` and returns what reached navigate (or null). */
function clickSvg(attributes: Record<string, string>, init: MouseEventInit = {}): string | null {
  resetDom('/');
  const SVG = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(SVG, 'svg');
  const anchor = document.createElementNS(SVG, 'a');
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  const text = document.createElementNS(SVG, 'text');
  anchor.append(text);
  svg.append(anchor);
  document.body.append(svg);
  let navigated: string | null = null;
  const stop = interceptLinks(document, (to) => (navigated = to));
  text.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  stop();
  return navigated;
}

Links('an SVG link is an in-app link, its href read as an attribute', () => {
  assert.is(clickSvg({ href: '/menu?category=pizza' }), '/menu?category=pizza');
});
Links('an SVG link keeps the rules: target, download, rel="external", another origin, a modifier key', () => {
  assert.is(clickSvg({ href: '/menu', target: '_blank' }), null);
  assert.is(clickSvg({ href: '/menu', download: '' }), null);
  assert.is(clickSvg({ href: '/menu', rel: 'external' }), null);
  assert.is(clickSvg({ href: 'https://example.org/' }), null);
  assert.is(clickSvg({ href: '/menu' }, { ctrlKey: true }), null);
  assert.is(clickSvg({ href: '/menu', target: '_self' }), '/menu');
});

Links.run();

const Current = suite('markCurrentLinks');

Current('marks exactly the nav links to the current path with aria-current="page"', () => {
  resetDom('/menu');
  document.body.innerHTML = '<nav><a data-nav href="/">Home</a><a data-nav href="/menu">Menu</a><a href="/menu">Plain</a></nav>';
  const [home, menu, plain] = document.querySelectorAll('a');
  home!.setAttribute('aria-current', 'page');
  markCurrentLinks(document, '/menu');
  assert.is(home!.getAttribute('aria-current'), null);
  assert.is(menu!.getAttribute('aria-current'), 'page');
  assert.is(plain!.getAttribute('aria-current'), null, 'only links marked data-nav take part');
});

Current.run();
