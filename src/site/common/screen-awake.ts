import { t } from '../../core/words.js';
// Keeps the screen on while a board is open (the Screen Wake Lock API), taking the lock
// again whenever the page becomes visible (the browser lets it go when the tab is hidden),
// and says plainly when the browser cannot, so someone sets the tablet to stay on.

/** Asks for the lock until `signal` aborts; `say` gets one line about it. */
export function keepScreenOn(signal: AbortSignal, say: (text: string) => void): void {
  const wakeLock = (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } }).wakeLock;
  if (!wakeLock) {
    say(t('This browser cannot keep the screen on: set the tablet\'s screen to stay on while it is plugged in.'));
    return;
  }
  let lock: { release(): Promise<void> } | undefined;
  const take = () => {
    if (signal.aborted || document.visibilityState !== 'visible') return;
    wakeLock.request('screen').then(
      (taken) => {
        if (signal.aborted) return void taken.release();
        lock = taken;
        say(t('The screen stays on while this board is open.'));
      },
      (error: Error) => say(t('The screen could not be kept on ({message}): set the tablet\'s screen to stay on while it is plugged in.', { message: error.message })),
    );
  };
  document.addEventListener('visibilitychange', take, { signal });
  signal.addEventListener('abort', () => void lock?.release().catch(() => {}));
  take();
}
