// Weighs the JavaScript a browser downloads to show the login page, from the build manifest:
// the entry, its static imports (recursively), and the login route's lazy chunk with its own.
// Fails the build above the budget, so the login page stays quick on slow networks.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// 250 KB until 2026-11-24, when the shell's own growth (keyboard focus return and Escape in dialogs,
// two menu groups, the shared contract) took the login route to 250.3 KB: the budget still catches a
// screen or a library bundled into the login route by mistake, which costs tens of KB.
// 260 KB from 2026-11-28: the route table's entry carries each screen's lazy import and its chunk
// list (~0.3 KB a screen), and issue 38's onboarding screens took it to 255.2 KB. Known slack to
// win back: the entry holds contract modules (the alarm texts of four languages among them) that
// only the signed-in layout uses.
// 265 KB from 2026-12-03: issue 41's 合同 and 内容 screens (four routes' entries) took it to 262.1 KB,
// about half of it rolldown's chunking moving two small shared Arco chunks (useId, IconRight) into
// the login route's graph; the rich-text editor (TipTap, ProseMirror) is a lazy chunk of its own.
const BUDGET_KB = 265;
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

// Texts load per language and namespace: each en/es/ja file and each zh namespace outside the shell
// must be a chunk of its own, or a screen's texts would come with the language (or the app).
const i18nDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'i18n');
const lazyZh = [...readFileSync(join(i18nDir, 'zh', 'index.ts'), 'utf8').matchAll(/import\('\.\/(\w+)\.ts'\)/g)].map((m) => m[1]);
const expectedChunks = [
  ...lazyZh.map((namespace) => `src/i18n/zh/${namespace}.ts`),
  ...['en', 'es', 'ja'].flatMap((language) =>
    readdirSync(join(i18nDir, language)).map((file) => `src/i18n/${language}/${file}`),
  ),
];
const notSplit = expectedChunks.filter((source) => !manifest[source]?.isDynamicEntry);
if (lazyZh.length === 0 || notSplit.length > 0) {
  console.error(`\nThese texts are not chunks of their own: ${notSplit.join(', ') || 'no lazy zh namespaces found'}`);
  process.exit(1);
}
console.log(`  ${expectedChunks.length} language/namespace text files, each its own chunk`);
