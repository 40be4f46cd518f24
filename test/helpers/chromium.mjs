// Where the tests find Chromium, and what to say when it is not there. Plain JavaScript so
// that test/run.mjs can check for it before the browser group starts anything.
import { accessSync, constants } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_MISSING = `Chromium is not at ${CHROMIUM}. Install Debian's package (apt-get install chromium) or set CHROMIUM_PATH.`;

/** True when CHROMIUM is a file we may run. */
export function hasChromium() {
  try {
    accessSync(CHROMIUM, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
