// When the API says a person's session is over (401 with `X-Token-Expired: true`: the
// spec's 2-minute token), the page stays. A dialog opens over it with the spec's message
// (views/sign-in-dialog.ts); once the person has signed in again (a password, or a passkey
// in one touch), the call that failed is sent once more, with the new token, so nothing
// typed is lost. Nothing is renewed silently: signing in again is the person's own act.
// Turned down ("Not now"), the call fails as before and the page says so. A call the page
// makes by itself (`quiet`: a timer's refresh) asks nobody: the page pauses and offers it.
import { RequestError, type Http, type RequestOptions } from '../../core/http.js';

/** Asks the person to sign in again; true once they have. */
export type SignInAgain = () => Promise<boolean>;

/** One question at a time: every call that failed while it is open waits for the same answer. */
export function oneAtATime(ask: SignInAgain): SignInAgain {
  let asking: Promise<boolean> | undefined;
  return () => {
    asking ??= ask().finally(() => {
      asking = undefined;
    });
    return asking;
  };
}

/** Runs `call`; if the session has ended, asks to sign in again, then runs it once more. */
export async function againAfterSignIn<T>(call: () => Promise<T>, again: SignInAgain): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof RequestError && error.expired) || !(await again())) throw error;
    return call();
  }
}

const notAsked: SignInAgain = async () => false;

/** `http`, each of whose calls is sent once more after signing in again (but a `quiet` one, which asks nobody). */
export function retrying(http: Http, again: SignInAgain): Http {
  const ask = (options?: RequestOptions) => (options?.quiet ? notAsked : again);
  return {
    get: (path, options) => againAfterSignIn(() => http.get(path, options), ask(options)),
    post: (path, body, options) => againAfterSignIn(() => http.post(path, body, options), ask(options)),
    patch: (path, body, options) => againAfterSignIn(() => http.patch(path, body, options), ask(options)),
    delete: (path, options) => againAfterSignIn(() => http.delete(path, options), ask(options)),
  };
}
