// The site's entry: its styles, and the start. The start lives in start.ts so that later.ts
// can import it too: the first page's modules then travel in the one chunk they share with
// the pages that come later, which compresses better than two files (see later.ts).
import './styles.css';
import { startSite } from './start.js';

startSite();
