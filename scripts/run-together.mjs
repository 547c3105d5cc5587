// Runs npm scripts at once and fails when any fails: `npm test`'s checks (type check, lint, build)
// one after another left a core idle for a fifth of their minute and a quarter. Each script's
// output is printed whole when it ends, so two never interleave.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const started = performance.now();
        const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          process.stdout.write(`\n> npm run ${script}: ${code === 0 ? 'ok' : `FAILED (exit code ${code})`} in ${seconds} s\n${output}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
