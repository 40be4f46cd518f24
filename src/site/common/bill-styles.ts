// The Tables page's and the bill's styles, which come with the file that draws them (the
// bookings file) rather than with the site's stylesheet: a diner's first load carries none
// of them. Adopted once, as a constructed stylesheet (CSSOM, not an inline style).
// The print rules make the pre-bill an 80 mm receipt: the bill alone, black on white.
import { adoptedOnce } from './adopted-styles.js';

const CSS = `
.tables-page > .hint { margin: 0 0 1rem; }
.table-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr)); gap: 0.75rem; margin: 0 0 1.5rem; padding: 0; list-style: none; }
/* Each card as tall as the tallest of its row: its body fills the item. */
.table-card { display: grid; }
.table-card-acts { display: flex; flex-wrap: wrap; gap: 0.35rem; margin-top: 0.35rem; }
.table-card-acts .button { min-height: 2.75rem; padding: 0.35rem 0.7rem; font-size: 0.95rem; }
.table-card-body { display: grid; align-content: start; gap: 0.2rem; min-height: 5.5rem; padding: 0.75rem; border: 2px solid var(--line); border-radius: var(--radius); background: var(--surface); color: var(--ink); text-decoration: none; }
a.table-card-body:hover { border-color: var(--accent); }
.table-card.seated .table-card-body { border-color: var(--green); border-left-width: 6px; }
.table-card.ordered .table-card-body { border-color: var(--accent); border-left-width: 6px; }
.table-number { font: 700 1.25rem var(--serif); }
.table-state.ordered { color: var(--accent); }
.table-state.ordered::before { content: '◆ ' / ''; }
.table-card.asked .table-card-body { border-color: var(--accent); border-width: 3px 3px 3px 8px; background: var(--accent-soft); }
.table-state.asked { color: var(--accent); }
.table-state.asked::before { content: '🔔 ' / ''; }
.table-card.paid .table-card-body { border-style: dashed; }
.table-state.paid::before { content: '✓ ' / ''; }
.table-detail { color: var(--muted); font-size: 0.9rem; overflow-wrap: anywhere; }
/* Guests not counted while a cover is charged: said on the card, with a mark, for the waiter to count them on the bill. */
.table-uncounted { color: var(--accent); font-size: 0.85rem; font-weight: 600; }
.table-uncounted::before { content: '⚠ ' / ''; }
.nothing-open { font-size: 1.15rem; font-weight: 600; }
.last-bill-title { margin: 1.5rem 0 0.25rem; }
.last-bill-actions, .close-row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.75rem; margin: 0 0 1.5rem; }
.close-row p { flex-basis: 100%; margin: 0; }
.move-panel .hint, .refund-panel .hint { color: var(--muted); }
dialog.ask .field label { display: block; font-weight: 600; }
.bill-page { max-width: 40rem; }
.bill-lines { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
.bill-lines th, .bill-lines td { padding: 0.4rem 0.3rem; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
.bill-lines .money { text-align: right; white-space: nowrap; }
.bill-lines .qty { white-space: nowrap; }
/* A bill's lines are a grid of rows rather than a table's layout (their roles say table, row
   and cell, bill-lines.ts): each row is laid out and painted once it is near the screen, so a
   bill of 60 lines draws as fast as one of 12. */
.dish-lines, .dish-lines thead, .dish-lines tbody, .dish-lines tfoot { display: block; }
.dish-lines tr { display: grid; grid-template-columns: 3.3rem minmax(0, 1fr) 4.8rem 5.6rem; border-bottom: 1px solid var(--line); }
.dish-lines tbody tr { content-visibility: auto; contain-intrinsic-size: auto 2.6rem; }
.dish-lines th, .dish-lines td { border-bottom: 0; overflow-wrap: anywhere; }
.dish-lines .money { overflow-wrap: normal; }
.dish-lines tfoot tr { border-bottom: 0; }
.dish-lines tfoot th { grid-column: 1 / 4; }
.bill-lines tfoot th, .bill-lines tfoot td { font-size: 1.2rem; font-weight: 700; border-bottom: 0; }
.vat, .bill-who { color: var(--muted); }
.payments { padding-left: 1.25rem; }
.remaining { font-size: 1.25rem; font-weight: 700; }
.remaining.paid { color: var(--green); }
.covers-form { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; margin: 0 0 1rem; }
.covers-form label { flex-basis: 100%; font-weight: 600; }
.covers-form input { width: 5rem; }
.bill-page .field label { display: block; font-weight: 600; }
.bill-page select { display: block; min-height: 2.75rem; padding: 0.4rem 0.6rem; border: 2px solid var(--line); border-radius: 12px; background: var(--surface); color: var(--ink); font: inherit; }
.bill-page .methods { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; border: 0; padding: 0; margin: 0 0 1rem; }
.bill-page .methods legend { font-weight: 600; padding: 0; }
.bill-page .methods label { display: inline-flex; align-items: center; gap: 0.4rem; min-height: 2.75rem; }
.bill-page .methods input { width: auto; margin: 0; accent-color: var(--accent); }
.pay-form .hint { display: block; }
.split-lines, .bill-panel { margin: 0 0 1.5rem; }
.bill-changes { margin: 0 0 1rem; padding-left: 1.2rem; color: var(--muted); }
.day-close .bill-lines { margin: 0 0 1.5rem; }
.split-lines summary, .bill-panel summary { cursor: pointer; font-weight: 600; min-height: 2.75rem; display: flex; align-items: center; gap: 0.4rem; color: var(--accent); }
.split-lines summary::before, .bill-panel summary::before { content: '▸' / ''; }
.split-lines[open] summary::before, .bill-panel[open] summary::before { content: '▾' / ''; }
.split-grid { overflow-x: auto; margin: 0 0 0.75rem; }
.split-grid input { width: 3.5rem; }
/* Split by dishes: the same grid of rows, a column per guest (--guests, set as guests are chosen). */
.split-table { width: 100%; min-width: calc(10rem + var(--guests, 2) * 4.2rem); }
.split-table thead, .split-table tbody { display: block; }
.split-table tr { display: grid; grid-template-columns: minmax(10rem, 1fr) repeat(var(--guests, 2), 4.2rem); border-bottom: 1px solid var(--line); }
.split-table tbody tr { content-visibility: auto; contain-intrinsic-size: auto 3.4rem; }
.split-table th, .split-table td { border-bottom: 0; }
.share-list { display: flex; flex-wrap: wrap; gap: 0.5rem; padding: 0; list-style: none; }
.print-only { display: none; }
@media print {
  @page { size: 80mm 297mm; margin: 4mm; }
  .site-header, .site-footer, .pay-form, .covers-form, .print-bill, .bill-page .back, .split-lines, .bill-panel, .bill-changes, .outcome, .form-error, .table-banner, .nothing-open, .last-bill-title, .last-bill-actions, .close-row { display: none !important; }
  .print-only { display: block; }
  .receipt-head p, .receipt-foot { margin: 0; text-align: center; }
  .receipt-name { font-weight: 700; font-size: 12pt; }
  .bill-page h1 { font-size: 12pt; margin: 2mm 0; }
  body, .bill-page { background: #fff; color: #000; font-size: 10pt; max-width: none; }
  .bill-lines th, .bill-lines td, .dish-lines tr { border-color: #000; padding: 1mm 0; }
  .dish-lines tr { grid-template-columns: 2.2em minmax(0, 1fr) 4.8em 5.2em; padding: 0; }
}
`;

/** Adds the styles to the document, once. */
export const adoptBillStyles = adoptedOnce(CSS);
