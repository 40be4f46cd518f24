// The browser's side of a passkey, by SimpleWebAuthn's browser package (fetched the first
// time a passkey is used or made): the server's options in, the authenticator's answer out.
// The site offers passkeys only where the browser has WebAuthn.
import { RequestError } from '../../core/http.js';
import { messageOf } from '../../core/load.js';
import { t } from '../../core/words.js';

/** True where this browser can make and use passkeys. */
export const canUsePasskeys = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

/** Signs the server's sign-in options with a passkey of this site (the browser asks which, and for the touch). */
export const answerSignIn = async (options: unknown) => (await import('@simplewebauthn/browser')).startAuthentication({ optionsJSON: options as never });

/** Makes a new passkey from the server's options (the browser asks for the touch). */
export const answerRegistration = async (options: unknown) => (await import('@simplewebauthn/browser')).startRegistration({ optionsJSON: options as never });

/** What to say when a passkey did not work: the person cancelled, nothing could answer, or the API's reason. */
export function passkeyFailure(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return t('No passkey was used (cancelled, or none of this site’s on this device).');
  if (name === 'InvalidStateError') return t('This device has a passkey for your account already.');
  if (error instanceof RequestError && typeof error.body?.message === 'string') return error.body.message;
  return messageOf(error);
}
