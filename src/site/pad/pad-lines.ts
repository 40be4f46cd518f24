// The waiter's pad's lines before they are sent: each dish with how many, its course (its
// category's unless the waiter moves it), the guest's seat, a note and the options chosen.
// A tap on a dish adds one to its plain line of that course, or starts it. Nothing here draws
// or talks to the API: pad-page.ts does both.
import type { ChoiceGroup } from '../../shared/choices.js';

export interface PadLine {
  /** This pad's own number for the line (lines of one dish differ by seat, note or choices). */
  key: number;
  dishId: number;
  name: string;
  priceCents: number;
  quantity: number;
  course: number;
  seat: number | null;
  note: string;
  /** The options chosen (ids), and the dish's groups once read (null: not read yet, or none to choose). */
  choices: number[];
  groups: ChoiceGroup[] | null;
}

export interface PadDish {
  id: number;
  name: string;
  priceCents: number;
}

/** A plain line: no seat, no note, no choices (another tap on the dish adds to it). */
const plain = (line: PadLine) => line.seat === null && line.note === '' && line.choices.length === 0 && !line.groups?.length;

export function createPadLines() {
  let lines: PadLine[] = [];
  let next = 1;
  return {
    all: (): readonly PadLine[] => lines,
    /** One more of `dish` in `course`: on its plain line there, or a new line (one that must be chosen for starts its own). */
    add(dish: PadDish, course: number, { own = false }: { own?: boolean } = {}): PadLine {
      const same = own ? undefined : lines.find((line) => line.dishId === dish.id && line.course === course && plain(line));
      if (same) {
        same.quantity += 1;
        return same;
      }
      const line: PadLine = { key: next++, dishId: dish.id, name: dish.name, priceCents: dish.priceCents, quantity: 1, course, seat: null, note: '', choices: [], groups: null };
      lines.push(line);
      return line;
    },
    /** `by` more or fewer (a line at none goes). */
    change(key: number, by: number): void {
      const line = lines.find((one) => one.key === key);
      if (!line) return;
      line.quantity = Math.min(20, line.quantity + by);
      if (line.quantity <= 0) lines = lines.filter((one) => one !== line);
    },
    find: (key: number) => lines.find((line) => line.key === key),
    clear(): void {
      lines = [];
    },
  };
}

export type PadLines = ReturnType<typeof createPadLines>;

/** The lines by course, lowest first (what goes at once first). */
export function byCourse(lines: readonly PadLine[]): [number, PadLine[]][] {
  const courses = new Map<number, PadLine[]>();
  for (const line of lines) courses.set(line.course, [...(courses.get(line.course) ?? []), line]);
  return [...courses].sort(([a], [b]) => a - b);
}

/** The groups of a line still missing a choice: each needs its `min`. */
export function missingChoices(line: PadLine): ChoiceGroup[] {
  return (line.groups ?? []).filter((group) => group.options.filter((option) => line.choices.includes(option.id)).length < group.min);
}

/** The seat after `seat` in a party of `guests`: 1, 2, … guests, then none. */
export const nextSeat = (seat: number | null, guests: number) => (seat === null ? 1 : seat >= Math.max(guests, 1) ? null : seat + 1);

/** What POST /staff/tables/{table}/orders is sent for these lines: two lines that came out the same (the same choices made on each) are sent as one. */
export function sendBody(lines: readonly PadLine[], guests: number | null) {
  const items = new Map<string, { dishId: number; quantity: number; course: number; seat?: number; note?: string; choices?: number[] }>();
  for (const line of lines) {
    const choices = [...line.choices].sort((a, b) => a - b);
    const note = line.note.trim();
    const same = `${line.dishId}|${line.course}|${line.seat ?? ''}|${note}|${choices.join(',')}`;
    const known = items.get(same);
    if (known) known.quantity = Math.min(20, known.quantity + line.quantity);
    else items.set(same, { dishId: line.dishId, quantity: line.quantity, course: line.course, ...(line.seat !== null && { seat: line.seat }), ...(note && { note }), ...(choices.length && { choices }) });
  }
  return { ...(guests !== null && { guests }), items: [...items.values()] };
}
