// The words for a failure on the staff and owner pages: the API's own message (a field, a
// conflict, a link that was used) when it sent one, else the client's. (The diner's pages
// keep the spec's wording, `messageOf` in core/load.ts.) And whether a failure may pass by
// itself, which a screen on a wall tries again without anyone pressing a button.
import { RequestError } from '../../core/http.js';
import { messageOf } from '../../core/load.js';
import { t } from '../../core/words.js';

export const failureText = (error: unknown): string =>
  (error as { body?: { message?: string } })?.body?.message ?? (error instanceof Error ? error.message : t('Something went wrong. Please try again.'));

/** Why a screen could not read what it shows: the API's words when it answered (a 503 says the database is not answering, in the screen's language), else the client's. */
export const readFailureText = (error: unknown): string => (error instanceof RequestError ? failureText(error) : messageOf(error));

/** No answer, or the server busy or failing: it may work in a moment. */
export const passing = (error: unknown) => error instanceof RequestError && (error.status === 0 || error.status === 429 || error.status >= 500);
