// A chime for every new order, made in the page with Web Audio (no sound file), with a
// mute that the device remembers. Browsers start sound only after a person has touched
// the page once, so the board asks for that tap once, plainly, until it has had it.
import type { Store } from '../../core/stored.js';

export interface Chime {
  /** Two short notes, unless muted or not yet allowed. */
  play(): void;
  /** True once the page may make sound (after a tap or a key). */
  readonly allowed: boolean;
  /** Called once sound is allowed. */
  onAllowed(listener: () => void): void;
}

/** Makes the chime, until `signal` aborts; `muted` is the device's choice. Sound is allowed by the first tap or key on `page`. */
export function createChime(muted: Store<boolean>, signal: AbortSignal, page: Document = document): Chime {
  let audio: AudioContext | undefined;
  let allowed = false;
  const listeners: (() => void)[] = [];
  const allow = () => {
    if (allowed || typeof AudioContext === 'undefined') return;
    audio ??= new AudioContext();
    audio.resume().then(() => {
      if (audio!.state !== 'running' || allowed) return;
      allowed = true;
      page.removeEventListener('click', allow);
      page.removeEventListener('keydown', allow);
      for (const listener of listeners) listener();
    }, () => {});
  };
  // On the click, not the press: what the tap was for happens first, whatever the page does next.
  page.addEventListener('click', allow, { signal });
  page.addEventListener('keydown', allow, { signal });

  function note(frequency: number, start: number) {
    const oscillator = audio!.createOscillator();
    const gain = audio!.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.4, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
    oscillator.connect(gain).connect(audio!.destination);
    oscillator.start(start);
    oscillator.stop(start + 0.4);
  }

  return {
    play() {
      if (!allowed || muted.get()) return;
      const now = audio!.currentTime;
      note(880, now);
      note(1318.5, now + 0.18);
    },
    get allowed() {
      return allowed;
    },
    onAllowed: (listener) => void listeners.push(listener),
  };
}
