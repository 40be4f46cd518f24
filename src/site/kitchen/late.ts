// How old a ticket is, as a kitchen reads it: a timer ("7:05", "1:02:30") and, past the
// owner's thresholds, "Late" and "Very late" (in words and colour, never colour alone).
import type { BoardSettings } from '../../shared/kitchen-records.js';
import { t } from '../../core/words.js';

export type Lateness = 'on-time' | 'late' | 'very-late';

export const LATENESS_WORDS: Record<Lateness, string> = { 'on-time': '', late: t('Late'), 'very-late': t('Very late') };

/** Minutes and seconds since `placedAt` (hours too past the hour); never negative. */
export function elapsed(placedAt: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(placedAt)) / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** Late once `lateMinutes` have passed, very late after `veryLateMinutes`. */
export function latenessOf(placedAt: string, now: number, { lateMinutes, veryLateMinutes }: Pick<BoardSettings, 'lateMinutes' | 'veryLateMinutes'>): Lateness {
  const minutes = (now - Date.parse(placedAt)) / 60_000;
  return minutes >= veryLateMinutes ? 'very-late' : minutes >= lateMinutes ? 'late' : 'on-time';
}
