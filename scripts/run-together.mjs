// Runs npm scripts at once and fails when any fails: `npm test`'s checks (type check, lint, build)
// one after another left a core idle for a fifth of their minute and a quarter.
import { runBuffered } from './run-buffered.mjs';

const results = await Promise.all(process.argv.slice(2).map((script) => runBuffered(`> npm run ${script}`, 'npm', ['run', '--silent', script])));
process.exit(results.every(Boolean) ? 0 : 1);
