/**
 * The courses of a meal, as a trattoria serves them: drinks at once (0), then antipasti (1),
 * primi (2), secondi (3) and dolci (4). Each category has a course (the owner's default for
 * its dishes); a waiter taking a table's order may give a line another. An order taken by
 * course sends what is at once and its first course to the kitchen, and holds the rest
 * until the waiter fires them ("marcia il secondo").
 */

export const COURSES = [0, 1, 2, 3, 4] as const;
export type Course = (typeof COURSES)[number];

/** A new category's course unless the owner says: the first. */
export const DEFAULT_COURSE: Course = 1;

/** The course of the categories the seed and the sample menu name by their slug; any other: the first. */
export const COURSE_OF_SLUG: Readonly<Record<string, Course>> = { bevande: 0, drinks: 0, antipasti: 1, primi: 2, pizza: 2, secondi: 3, dolci: 4 };

export const isCourse = (value: unknown): value is Course => (COURSES as readonly unknown[]).includes(value);

/**
 * What a send by course does with each course in it: the lowest course (and what is at once)
 * goes now, every later one is held. A send of drinks alone goes now.
 */
export function heldCourses(courses: Iterable<number>): Set<number> {
  const sorted = [...new Set(courses)].filter((course) => course > 0).sort((a, b) => a - b);
  return new Set(sorted.slice(1));
}
