// Which language an API answer speaks (http/language.ts keeps it for the request's run):
// `?lang=en|it`, else the request's Accept-Language, else English. Every API answer says
// which (`Content-Language`) and that it depends on the header (`Vary`). An unknown `lang`
// is a 400 that names the two; a header that cannot be read is read as far as it can be.
import type { MiddlewareHandler } from 'hono';
import { LANGUAGES, type Language } from '../../shared/i18n/languages.js';
import { ApiError } from './errors.js';
import { fromAcceptLanguage, runInLanguage } from './language.js';

/** The middleware for /api/*: picks the language, runs the rest in it, and says so on the answer. */
export const speakTheAskedLanguage: MiddlewareHandler = async (c, next) => {
  const asked = c.req.query('lang');
  if (asked !== undefined && !LANGUAGES.includes(asked as Language)) {
    throw new ApiError(400, 'invalid_field', `lang: "${asked.slice(0, 20)}" is not a language of this API. Use "en" or "it".`, { field: 'lang' });
  }
  const lang = (asked as Language | undefined) ?? fromAcceptLanguage(c.req.header('Accept-Language'));
  await runInLanguage(lang, next);
  c.header('Content-Language', lang);
  c.header('Vary', 'Accept-Language', { append: true });
};
