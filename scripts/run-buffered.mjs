import { spawn } from 'node:child_process';

/**
 * Runs a command with its output held back and printed whole when it ends, under a line naming it
 * with its time, so commands run at once never interleave. Resolves whether it succeeded.
 */
export function runBuffered(label, command, args, options = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${label}: ${code === 0 ? 'ok' : `FAILED (exit code ${code})`} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}
