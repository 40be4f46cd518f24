// The demo variant: a placeholder until its issue; it already runs on the router core.
import { h } from '../core/dom.js';

declare const __DEMO_API_URL__: string;

document.getElementById('app')!.replaceChildren(
  h('main', { id: 'main' }, h('h1', null, 'Tavola demo'), h('p', null, `Signs in against ${__DEMO_API_URL__}. Coming soon.`)),
);
