import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const repository = path.resolve(import.meta.dirname, '../..');
const fixture = path.join(repository, 'server/layer-fixtures');

/** The repository's layer rules (`npm run lint`) run over a small tree that breaks two of them on purpose. */
async function cruiseFixture(): Promise<{ failed: boolean; output: string }> {
  const bin = path.join(repository, 'node_modules/.bin/depcruise');
  try {
    const { stdout } = await promisify(execFile)(bin, ['server', '--config', path.join(repository, '.dependency-cruiser.cjs'), '--output-type', 'err'], { cwd: fixture });
    return { failed: false, output: stdout };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { failed: true, output: `${stdout}\n${stderr}` };
  }
}

describe('the layer rules', () => {
  it('refuse product code importing the demo and a new backend domain importing another, and allow the composition root and shared code', { timeout: 60_000 }, async () => {
    const { failed, output } = await cruiseFixture();
    expect(failed).toBe(true);
    const violations = output.split('\n').filter((line) => /error /.test(line));
    expect(violations.join('\n')).toMatch(/product-never-imports-the-demo: server\/src\/backend\/alarms\/reads-the-demo\.ts → server\/src\/demo\/generated-world\.ts/);
    // A folder nobody added to a list is a domain from its first file.
    expect(violations.join('\n')).toMatch(/backend-domains-never-import-each-other: server\/src\/backend\/brand-new-domain\/uses-alarms\.ts → server\/src\/backend\/alarms\/alarm-rules\.ts/);
    expect(violations).toHaveLength(2);
  });
});
