// The site's entry: its styles, and the start (start.ts, which the build also has every
// later file import, so the first page's modules travel in one chunk: build.mjs).
import './styles.css';
import { startSite } from './shell/start.js';

startSite();
