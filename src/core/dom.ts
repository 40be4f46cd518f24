/**
 * The element helper every view uses: `h('a', {href: '/menu'}, 'Menu')`.
 * Text becomes text nodes and values become attributes, so data can never be parsed
 * as HTML: no view ever hands the browser an HTML string.
 */

export type Child = Node | string | number | null | undefined | false | readonly Child[];

/** Attribute values (`false`/`null`/`undefined` leave the attribute out) and `on…` listeners. */
export type Props = Record<string, string | number | boolean | null | undefined | EventListener>;

/** Creates an element with attributes, listeners (`onclick`, `oninput`…) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value != null) element.setAttribute(name, String(value));
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
