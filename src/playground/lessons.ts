// The walkthrough of src/router/README.md as short lessons: each opens the playground on
// its example and asks a question the learner answers by trying.

export type Role = 'guest' | 'waiter' | 'kitchen' | 'admin';

export interface View {
  table: string;
  /** The address the app inside the playground starts at. */
  at: string;
  as: Role;
  /** The prefix the app lives under (`/it`), or none. */
  base?: string;
}

export interface Lesson extends View {
  title: string;
  /** The walkthrough's step it comes from. */
  step: string;
  text: string;
  question: string;
  answer: string;
}

const SITE = `(layout)
  (index)
  menu
  menu/:id
  login
  (guard kitchen admin)
    kitchen
  forbidden
  *`;

export const LESSONS: Lesson[] = [
  {
    title: 'Branches',
    step: '1. A path becomes segments; a table becomes branches',
    table: '(layout)\n  (index)\n  menu/:id\n  *',
    at: '/menu/3',
    as: 'guest',
    text: 'A route with no routes below it ends a branch: the chain of routes from the top to it. A layout adds nothing to the address; an index route is its parent’s own page.',
    question: 'How many branches does this table have, and which one takes /menu/3?',
    answer: 'Three: / (the index), /menu/:id and /*. /menu/:id takes /menu/3, with id = "3".',
  },
  {
    title: 'The best match, not the first',
    step: '2. Ranking: the best match, not the first',
    table: '*\nmenu/:id\nmenu/specials\nmenu',
    at: '/menu/3',
    as: 'guest',
    text: 'Branches are compared segment by segment from the left; at the first difference the better kind wins: a static segment, then a param, then “the pattern ends here”, then *.',
    question: 'Which route wins for /menu/specials? Type it in the address bar.',
    answer: '/menu/specials: at segment 2 its static segment beats the param of /menu/:id. * is written first and still loses to everything.',
  },
  {
    title: 'Letter case and empty segments',
    step: '3. Matching: a tree of segments',
    table: '(layout)\n  menu\n  menu/:id\n  *',
    at: '/Menu//',
    as: 'guest',
    text: 'The matcher walks a tree of segments instead of trying every branch, and gives the same answer. Static segments ignore letter case and empty segments do not count.',
    question: 'Which route takes /Menu// ? And /menu/Tiramisu: what is the param?',
    answer: '/menu takes /Menu//. /menu/Tiramisu goes to /menu/:id with id = "Tiramisu": a param keeps its letters as they are.',
  },
  {
    title: 'Push and replace',
    step: '4. History, navigate() and links',
    table: SITE,
    at: '/menu',
    as: 'guest',
    text: 'A link adds a history entry (push). Typing in a search box replaces the current one, so Back does not step through every letter.',
    question: 'Click two links, then type “soup” in the search box. How many entries did the history gain? Where does Back take you?',
    answer: 'Two, one per link: the four keystrokes replaced the current entry each time. Back goes to the page before the last link, not to “sou”.',
  },
  {
    title: 'Guards',
    step: '6. Guards, and the app',
    table: SITE,
    at: '/kitchen',
    as: 'guest',
    text: 'A guard decides before the page is built: render it, send a guest to /login with where they were going, or send someone without the role to /forbidden. Both redirects replace the entry.',
    question: 'As a guest, where does /kitchen send you? Choose Waiter and open /kitchen again; then Kitchen.',
    answer: 'A guest goes to /login with from = /kitchen; a Waiter to /forbidden; Kitchen sees the page. The redirect replaced /kitchen, so Back does not return to it.',
  },
  {
    title: 'A layout without an index',
    step: '2. Ranking (and where React Router differs)',
    table: '/\n  menu\n  *',
    at: '/',
    as: 'guest',
    text: 'A route with routes below it never matches on its own, even with a path: only its branches do. An index route gives it a page of its own.',
    question: 'Which route takes / here? Add “  (index)” under the first line: what changes?',
    answer: '/* takes /: the route / has no page of its own. With (index) below it, / goes to the index. React Router would match the route / alone, with nothing in its outlet.',
  },
  {
    title: 'Two branches of the same shape',
    step: '2. Ranking (and where React Router differs)',
    table: '(layout)\n  docs/:page\n  docs/:section\n    (index)',
    at: '/docs/intro',
    as: 'guest',
    text: 'Two branches whose segments are of the same kinds have the same rank; the one written first wins.',
    question: 'Which route takes /docs/intro? Swap the two lines: what changes?',
    answer: 'docs/:page, written first. Swapped, docs/:section wins. React Router prefers the branch that ends in an index route whatever the order.',
  },
  {
    title: 'The walk written out',
    step: '8. The compiled matcher',
    table: '(layout)\n  (index)\n  menu\n  menu/:id\n  *',
    at: '/menu/3',
    as: 'guest',
    text: 'For a table known when the app is built, compileMatcher writes the walk out as code: a function per node, which already knows its static segments and compares them where they stand in the path.',
    question: 'Open “The code compileMatcher writes” below the history: how does the first function tell menu? Add “  book” to the table and read it again.',
    answer: 'With menu alone there is nothing to choose between: it compares the letters m, e, n, u where they stand (109, 101, 110, 117) and then wants a slash or the end. With book beside it, it first switches on the first letter (case 109 for m, case 98 for b), then compares the rest of the one it picked.',
  },
  {
    title: 'A base',
    step: '9. A base: one table under a prefix',
    table: SITE,
    at: '/menu',
    as: 'guest',
    base: '/it',
    text: 'The same table can serve an app under a prefix, the Italian site at /it. The history holds the addresses the browser shows; the table, the links and navigate() only ever see the app’s.',
    question: 'Click the link to /menu/3: what does the history gain, and which route wins? Empty the Base field and click it again.',
    answer: 'The history gains /it/menu/3 and /menu/:id wins for /menu/3: the prefix is written to the history and read off it, so the table never sees it. Without a base the history holds /menu/3 itself.',
  },
];

export const START: View = { table: SITE, at: '/menu/3', as: 'guest' };
