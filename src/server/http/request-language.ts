// Which language an API answer speaks (http/language.ts keeps it for the request's run):
// `?lang=en|it`, else the request's Accept-Language, else English. Every API answer says
// which (`Content-Language`) and that it depends on the header (`Vary`). An unknown `lang`
// is a 400 that names the two; a header that cannot be read is read as far as it can be.
import type { Context, MiddlewareHandler } from 'hono';
import { LANGUAGES, type Language } from '../../shared/i18n/languages.js';
import { ApiError } from './errors.js';
import { fromAcceptLanguage, runInLanguage } from './language.js';

const ASKED = 'tavola.lang';

/** The language this request asked for (set by speakTheAskedLanguage). */
export const askedLanguage = (c: Context): Language => (c.get(ASKED as never) as Language | undefined) ?? 'en';

/**
 * The middleware for /api/*: picks the language, says so on the answer, and runs the rest in
 * it. A kept menu answer needs no sentence made: those routes (`keptAnswers`) run in the
 * language only when the answer is made (menu/cache.ts calls runInLanguage then), since keeping
 * a language for a request's run costs about a tenth of the throughput of the API's hottest row.
 */
export function speakTheAskedLanguage(keptAnswers: RegExp): MiddlewareHandler {
  return async (c, next) => {
    const asked = c.req.query('lang');
    if (asked !== undefined && !LANGUAGES.includes(asked as Language)) {
      throw new ApiError(400, 'invalid_field', `lang: "${asked.slice(0, 20)}" is not a language of this API. Use "en" or "it".`, { field: 'lang' });
    }
    const lang = (asked as Language | undefined) ?? fromAcceptLanguage(c.req.header('Accept-Language'));
    c.set(ASKED as never, lang as never);
    // Said before the answer is made, so it is made with them: a header set on an answer
    // already made copies it into a new Response, which halves the throughput of a kept menu
    // answer (the bench's one-dish row, 2026-11-26: 17,229 requests/s against 36,208).
    c.header('Content-Language', lang);
    c.header('Vary', 'Accept-Language');
    if (c.req.method === 'GET' && keptAnswers.test(c.req.path)) await next();
    else await runInLanguage(lang, next);
  };
}
