import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));

/**
 * The product's real entry point (main.ts) in a process of its own, on a free loopback port, so a
 * test can kill it outright. `detached` gives it its own process group, so that one signal to
 * `-pid` reaches it and the backend it forks at once.
 */
export async function spawnProduct(env: Record<string, string>, { detached = false } = {}): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    detached,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready at (http:\/\/\S+)/.exec(output);
      if (ready) resolve(ready[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the product exited with code ${code} while starting: ${output}`)));
  });
  return { url, child };
}
