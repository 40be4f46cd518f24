// The words for a failure on the staff and owner pages: the API's own message (a field, a
// conflict, a link that was used) when it sent one, else the client's. (The diner's pages
// keep the spec's wording, `messageOf` in core/load.ts.)
export const failureText = (error: unknown): string =>
  (error as { body?: { message?: string } })?.body?.message ?? (error instanceof Error ? error.message : 'Something went wrong. Please try again.');
