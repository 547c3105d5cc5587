// Weighs the JavaScript a browser downloads to show the login page, from the build manifest:
// the entry, its static imports (recursively), and the login route's lazy chunk with its own.
// Fails the build above the budget, so the login page stays quick on slow networks.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const LOGIN_SOURCE = 'src/features/login/LoginPage.tsx';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('the manifest has no entry');
if (!manifest[LOGIN_SOURCE]) throw new Error(`${LOGIN_SOURCE} is not a chunk of its own: is it still lazy-loaded?`);

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect(entryKey);
collect(LOGIN_SOURCE);

const rows = [...files].map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }));
rows.sort((a, b) => b.gzip - a.gzip);
const totalKb = rows.reduce((sum, row) => sum + row.gzip, 0) / 1024;

console.log('\nJavaScript loaded by the login route (gzip):');
for (const row of rows) console.log(`  ${(row.gzip / 1024).toFixed(1).padStart(7)} KB  ${row.file}`);
console.log(`  ${totalKb.toFixed(1).padStart(7)} KB  total (budget ${BUDGET_KB} KB)`);

if (totalKb > BUDGET_KB) {
  console.error(`\nThe login route loads ${totalKb.toFixed(1)} KB of gzipped JavaScript, over the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
