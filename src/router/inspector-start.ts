// Put first into the site by `npm run dev` (build.mjs devAppOptions), before the app renders.
import { installInspector } from './inspector.js';

installInspector();
