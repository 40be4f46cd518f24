// The pad's styles, with the file that draws it (the bookings file), adopted once as a
// constructed stylesheet: a diner's first load carries none of them. Made for a phone held in
// one hand: big targets (at least 44 px), the Send bar at the bottom of the screen.
import { adoptedOnce } from '../common/adopted-styles.js';

const CSS = `
.pad-page h1 { margin-bottom: 0.25rem; }
.pad-links { margin: 0 0 1rem; }
.pad-guests { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; }
.pad-guest { min-width: 2.9rem; min-height: 2.9rem; font: 700 1.1rem var(--sans); border: 2px solid var(--line); border-radius: 999px; background: var(--surface); color: var(--ink); }
.pad-guest[aria-pressed="true"] { background: var(--ink); color: var(--paper); border-color: var(--ink); }
.pad-more-guests { margin-left: 0.4rem; }
#pad-more-guests { width: 4.5rem; min-height: 2.9rem; }
.pad-find { margin: 1rem 0 0.5rem; }
.pad-tabs { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0.5rem 0; }
.pad-tab { min-height: 2.75rem; padding: 0.3rem 0.8rem; border: 2px solid var(--line); border-radius: 999px; background: var(--surface); color: var(--ink); font: 600 1rem var(--sans); }
.pad-tab[aria-pressed="true"] { background: var(--accent); color: var(--accent-ink); border-color: var(--accent); }
.pad-dishes { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr)); gap: 0.5rem; }
.pad-dish { width: 100%; min-height: 3.5rem; display: grid; gap: 0.1rem; text-align: left; padding: 0.5rem 0.7rem; border: 2px solid var(--line); border-radius: var(--radius); background: var(--surface); color: var(--ink); font: 600 1rem var(--sans); }
.pad-dish:disabled { opacity: 0.6; }
.pad-dish-price { font-weight: 400; color: var(--muted); font-size: 0.9rem; }
.pad-order { margin: 1.25rem 0 6rem; }
.pad-course h3 { margin: 1rem 0 0.4rem; font-size: 1.15rem; }
.pad-when { font-weight: 400; color: var(--muted); }
.pad-lines { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.6rem; }
.pad-line { border: 1px solid var(--line); border-radius: var(--radius); padding: 0.5rem 0.7rem; background: var(--surface); }
.pad-line-what { margin: 0 0 0.4rem; }
.pad-line-price { color: var(--muted); }
.pad-line-acts { display: flex; flex-wrap: wrap; gap: 0.35rem; align-items: center; }
.pad-act { min-width: 2.75rem; min-height: 2.75rem; padding: 0.25rem 0.6rem; }
.pad-line select { min-height: 2.75rem; }
.pad-choices { display: grid; gap: 0.35rem; margin: 0.5rem 0 0; }
.pad-choice-group { display: flex; flex-wrap: wrap; gap: 0.35rem; align-items: center; }
.pad-choice-name { font-weight: 600; margin-right: 0.25rem; }
.pad-chip { min-height: 2.75rem; padding: 0.25rem 0.7rem; border: 2px solid var(--line); border-radius: 999px; background: var(--surface); color: var(--ink); }
.pad-chip[aria-pressed="true"] { background: var(--ink); color: var(--paper); border-color: var(--ink); }
.pad-note { width: 100%; margin-top: 0.4rem; min-height: 2.5rem; }
.pad-send-bar { position: sticky; bottom: 0; display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; padding: 0.6rem 0; background: var(--paper); border-top: 1px solid var(--line); }
.pad-total { margin: 0; font-weight: 600; }
.pad-send { margin-left: auto; }
.pad-outcome { flex-basis: 100%; margin: 0; }
.pad-outcome:empty { display: none; }
.pad-held { margin: 0 0 1rem; }
.pad-held h2 { font-size: 1.15rem; margin: 0 0 0.4rem; }
`;

export const adoptPadStyles = adoptedOnce(CSS);
