/**
 * Content that ages: a dish's, category's or station's Italian was written for its English as
 * it was then. One rule for all three, on the server (where it is stored) and read by tests.
 */
export interface Texts {
  name: string;
  /** Stations have none. */
  description?: string;
  nameIt: string | null;
  descriptionIt?: string | null;
}

/**
 * Whether a record's Italian is to review after a change: its English changed and its Italian
 * did not (and there is some Italian), or it was to review and nothing has answered that since
 * (a change to the Italian, or the owner saying it holds: `reviewed`).
 */
export function italianToReview(before: Texts & { italianToReview: boolean }, after: Texts, reviewed = false): boolean {
  if (after.nameIt === null && (after.descriptionIt ?? null) === null) return false;
  if (reviewed || after.nameIt !== before.nameIt || after.descriptionIt !== before.descriptionIt) return false;
  return before.italianToReview || after.name !== before.name || after.description !== before.description;
}
