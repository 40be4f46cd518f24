/**
 * The guard decision, exactly as the spec's guard table. Pure: it renders nothing
 * and navigates nowhere; the app does what the decision says. Hiding a page is not
 * security: the API still answers 401 and 403.
 */

export interface SignedIn {
  user: { role: string };
}

export type GuardDecision<S> =
  | { render: true; session: S }
  | { render: false; redirect: string; replace: true; state?: { from: string } };

export interface GuardOptions {
  /** Roles allowed in; absent means any signed-in user. Letter case is ignored. */
  roles?: readonly string[];
  /** Where a signed-in user without the role goes: `/forbidden` (site) or `/` (demo). */
  forbidden: string;
  /** Where a guest goes to sign in. */
  login?: string;
}

/**
 * Decides whether the page behind a guard renders. `here` is the current path and
 * query; a guest is sent to sign in with `from: here`, so nothing they had is lost.
 */
export function decideGuard<S extends SignedIn>(session: S | null, here: string, options: GuardOptions): GuardDecision<S> {
  if (!session) return { render: false, redirect: options.login ?? '/login', replace: true, state: { from: here } };
  if (!options.roles || hasRole(session.user.role, options.roles)) return { render: true, session };
  return { render: false, redirect: options.forbidden, replace: true };
}

/** `kitchen` in a guard matches the API's `Kitchen`. */
export function hasRole(role: string, roles: readonly string[]): boolean {
  const wanted = role.toLowerCase();
  return roles.some((allowed) => allowed.toLowerCase() === wanted);
}
