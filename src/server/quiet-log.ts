// A log line for a fault that arrives in bursts (every pooled connection ending at once,
// every request failing during an outage): said once, then not again for `intervalMs`.
export function quietLog(intervalMs = 60_000): (line: string) => void {
  let quietUntil = 0;
  return (line) => {
    if (Date.now() < quietUntil) return;
    quietUntil = Date.now() + intervalMs;
    console.error(line);
  };
}
