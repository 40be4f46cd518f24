/**
 * The element helper every view uses: `h('a', {href: '/menu'}, 'Menu')`.
 * Text becomes text nodes and values become attributes, so data can never be parsed
 * as HTML: no view ever hands the browser an HTML string. A link to one of the app's
 * pages is written under the language's base (`/it/menu` in Italian): views write
 * `/menu` and never know it.
 */

/**
 * The address a link to the app's `path` holds: under the base, except the API's and a link
 * to the other language (which says so with `hreflang`).
 */
export const appHref = (path: string): string => (typeof __BASE__ === 'string' && __BASE__ && path[0] === '/' && path[1] !== '/' && !path.startsWith('/api/') ? __BASE__ + path : path);

/** The app's address of a link's (`/it/menu/3` is `/menu/3`): what navigate() takes. */
export const appPath = (path: string): string => (typeof __BASE__ === 'string' && __BASE__ && path.startsWith(`${__BASE__}/`) ? path.slice(__BASE__.length) : path);

export type Child = Node | string | number | null | undefined | false | readonly Child[];

/** Attribute values (`false`/`null`/`undefined` leave the attribute out) and `on…` listeners. */
export type Props = Record<string, string | number | boolean | null | undefined | EventListener>;

/** Creates an element with attributes, listeners (`onclick`, `oninput`…) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value != null) element.setAttribute(name, typeof __BASE__ === 'string' && __BASE__ && name === 'href' && !props!.hreflang ? appHref(String(value)) : String(value));
  }
  element.append(...nodes(children));
  return element;
}

/** Flattens children into nodes, dropping the empty ones. */
export function nodes(children: readonly Child[]): (Node | string)[] {
  return children.flatMap((child): (Node | string)[] => {
    if (child == null || child === false) return [];
    if (Array.isArray(child)) return nodes(child);
    return [typeof child === 'number' ? String(child) : (child as Node | string)];
  });
}
