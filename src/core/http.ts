/**
 * The HTTP client: JSON in and out, the exact `Authorization: Bearer <token>` header,
 * and every failure turned into one of the spec's messages. It never renews a token
 * by itself (the spec's client does not call the refresh endpoint). It asks for the
 * page's language (`Accept-Language`), so the API's sentences come in it.
 */
import { LANG, t } from './words.js';

export const SESSION_ENDED = t('Your session has ended — please sign in again.');
export const NETWORK_FAILED = t('Could not reach the server. Check your connection and try again.');

/** A failed request. `status` is 0 when no answer came back at all. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** True for 401 with `X-Token-Expired: true`: the session is over. */
    readonly expired = false,
    /** The API's error body (`{status, code, message, …}`), when it sent one. */
    readonly body?: { code?: string; message?: string; [more: string]: unknown },
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** The spec's error for a non-success answer, keeping the API's error body for the caller. */
export async function failureOf(response: Response): Promise<RequestError> {
  if (response.status === 401 && response.headers.get('X-Token-Expired') === 'true') return new RequestError(401, SESSION_ENDED, true);
  const body = await response.json().catch(() => undefined);
  return new RequestError(response.status, t('Request failed (HTTP {status})', { status: response.status }), false, typeof body === 'object' && body ? body : undefined);
}

export interface HttpOptions {
  /** Prefix of every path: `/api/v1` for the site (same origin), a full URL for the demo. */
  base: string;
  /** The current access token, or null for a guest. */
  token?: () => string | null | undefined;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** A token for this request only (the me call right after login, before the session is saved). */
  token?: string;
  /** More request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
  /**
   * A call the page makes by itself (a timer's refresh), not the person: when the session has
   * ended it fails as it is, and nobody is asked to sign in (sign-in-again.ts).
   */
  quiet?: boolean;
}

export interface Http {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body: unknown, options?: RequestOptions): Promise<T>;
  /** Resolves with nothing once done (204). */
  delete(path: string, options?: RequestOptions): Promise<void>;
}

/** Creates a client whose calls resolve to parsed JSON or reject with a RequestError. */
export function createHttp({ base, token = () => null, fetch: send = (...args) => fetch(...args) }: HttpOptions): Http {
  async function request<T>(method: string, path: string, body: unknown, { signal, token: only, headers: more }: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': LANG, ...more };
    const bearer = only ?? token();
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await send(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
    } catch (error) {
      if (signal?.aborted) throw error; // the page moved on; nobody is waiting for this answer
      throw new RequestError(0, NETWORK_FAILED);
    }
    if (!response.ok) throw await failureOf(response);
    if (response.status === 204) return undefined as T;
    try {
      return (await response.json()) as T;
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new RequestError(response.status, t('Request failed (HTTP {status}): the answer was not JSON', { status: response.status }));
    }
  }
  return {
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, body, options) => request('POST', path, body, options),
    patch: (path, body, options) => request('PATCH', path, body, options),
    delete: (path, options) => request('DELETE', path, undefined, options),
  };
}
