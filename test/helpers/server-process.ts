/** Server processes for tests: started like `npm start` does, stopped or killed by the test. */
import { spawn, type ChildProcess } from 'node:child_process';

/** Starts a process and resolves with the address it prints as "… ready at http://…". */
export function startServer(command: string[], env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(command[0]!, command.slice(1), { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk;
      const address = /ready at (http:\/\/[^\s"]+)/.exec(output)?.[1];
      if (!address) return;
      // Ready: its log lines (one per answer) are read and let go from here on.
      child.stdout!.off('data', read);
      child.stdout!.resume();
      resolve({ base: address, child });
    };
    child.stdout!.on('data', read);
    child.once('exit', (code, signal) => reject(new Error(`the server exited with ${code ?? signal} before it was ready:\n${output}`)));
  });
}

/** Resolves when the process has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Stops a server (SIGTERM) and resolves once it has exited: its shutdown backup is written by then, so its data folder can be removed. */
export async function stopServer(child: ChildProcess): Promise<void> {
  child.kill();
  await exited(child);
}

/** Runs `npm run backup` or `restore`'s program (dist/server/backup-main.mjs) with `args`; resolves with its exit code and what it printed. */
export function backupCommand(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['dist/server/backup-main.mjs', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out: out.trim() })));
}
