// Waiting for something, but not for ever: its outcome, or LATE once `ms` have passed. The
// timer is cleared either way; a failure after LATE has been given is left unheard.
export const LATE = Symbol('late');

export async function within<T>(work: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => (timer = setTimeout(resolve, ms, LATE)));
  work.catch(() => {});
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
