/**
 * The layer rules of docs/architecture.md, checked on every `npm test` (`npm run lint`).
 * Paths are repository-relative; `$1` in a `pathNot` is what the `from` path captured.
 */
// depcruise loads its configuration with require(), so this file is CommonJS.
/* eslint-disable @typescript-eslint/no-require-imports */
const { readdirSync } = require('node:fs');
const path = require('node:path');

/**
 * The backend's folders that are not domains: code every domain may use. Every other folder of
 * server/src/backend/ is a domain, found here rather than listed, so a new one is kept apart from
 * the others from its first file; audit-pack/ is a composition of them (its own rule below).
 */
const BACKEND_SHARED_FOLDERS = ['common', 'db', 'exports', 'files', 'links', 'load', 'validation', 'audit-pack'];
// From where depcruise runs: the repository, or a fixture of it (server/src/layer-rules.test.ts).
const BACKEND_DOMAINS = readdirSync(path.join(process.cwd(), 'server/src/backend'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !BACKEND_SHARED_FOLDERS.includes(entry.name))
  .map((entry) => entry.name)
  .join('|');

module.exports = {
  forbidden: [
    {
      name: 'shared-stands-alone',
      comment: 'shared/ is the contract every part imports; it imports none of them.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(server|apps|bench)/' },
    },
    {
      name: 'apps-never-import-the-server',
      comment: 'The apps talk to the server over HTTP and the live socket only.',
      severity: 'error',
      from: { path: '^apps/[^/]+/src/' },
      to: { path: '^server/' },
    },
    {
      name: 'apps-stay-apart',
      comment: 'What both apps need lives in shared/.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/src/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'tests-use-the-server-testing-entry',
      comment: 'Browser tests and benchmarks start the product through @pest/server/testing, not its inside.',
      severity: 'error',
      from: { path: '^(apps/[^/]+/e2e|bench|scripts)/' },
      to: { path: '^server/', pathNot: '^server/src/testing(-export|-audit-pack)?[.]ts$' },
    },
    {
      name: 'gateway-never-imports-the-backend',
      comment:
        'The gateway fronts any upstream; the reference backend is only one of them. Its integration tests and their harness (testing/) compose both.',
      severity: 'error',
      from: { path: '^server/src/gateway/', pathNot: '([.]test[.]ts$|/testing/)' },
      to: { path: '^server/src/(backend|process)/' },
    },
    {
      name: 'backend-never-imports-the-gateway',
      comment: 'The backend runs in its own process and knows nothing of what fronts it.',
      severity: 'error',
      from: { path: '^server/src/backend/' },
      to: { path: '^server/src/(gateway|process)/' },
    },
    {
      name: 'backend-domains-never-import-each-other',
      comment: 'What two domains need moves to backend/common/ (or the shared folder it belongs to).',
      severity: 'error',
      from: { path: `^server/src/backend/(${BACKEND_DOMAINS})/` },
      to: { path: `^server/src/backend/(${BACKEND_DOMAINS})/`, pathNot: '^server/src/backend/$1/' },
    },
    {
      name: 'backend-shared-modules-never-import-domains',
      comment: 'Only the composition files (create-backend.ts, testing.ts) assemble the domains.',
      severity: 'error',
      from: { path: '^server/src/backend/', pathNot: `^server/src/backend/((${BACKEND_DOMAINS}|audit-pack)/|create-backend[.]ts$|testing[.]ts$)` },
      to: { path: `^server/src/backend/(${BACKEND_DOMAINS})/` },
    },
    {
      name: 'product-never-imports-the-demo',
      comment:
        'server/src/demo/ invents a world (generator, simulated fleet and staff); the product runs without it. Only the composition root (the process entry points) wires it in.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/(demo/|process/|main[.]ts$|app[.]ts$)|[.]test[.]ts$|/testing[.]ts$|^server/src/testing-[a-z-]+[.]ts$' },
      to: { path: '^server/src/demo/' },
    },
    {
      name: 'nothing-imports-the-audit-pack',
      comment: 'The audit pack gathers every domain\'s records (a composition, like create-backend.ts); no domain depends on it.',
      severity: 'error',
      from: { path: '^server/src/backend/', pathNot: '^server/src/backend/(audit-pack/|create-backend[.]ts$|testing[.]ts$)' },
      to: { path: '^server/src/backend/audit-pack/' },
    },
    {
      name: 'config-stands-alone',
      comment: 'Configuration and logging are read by every server part and import none of them.',
      severity: 'error',
      from: { path: '^server/src/(config|logger)[.]ts$' },
      to: { path: '^server/src/(backend|gateway|process)/' },
    },
    {
      name: 'components-never-import-screens-or-the-shell',
      comment: 'components/ are parts any screen can use; what they need from the app comes in as props.',
      severity: 'error',
      from: { path: '^apps/console/src/components/' },
      to: { path: '^apps/console/src/(app|features|widgets)/' },
    },
    {
      name: 'widgets-never-import-screens-or-the-shell',
      comment: 'widgets/ are screen parts several features share.',
      severity: 'error',
      from: { path: '^apps/console/src/widgets/' },
      to: { path: '^apps/console/src/(app|features)/' },
    },
    {
      name: 'features-never-import-the-shell',
      comment: 'The shell (app/) lazily imports every screen; a screen links by navigation/routePaths.ts instead.',
      severity: 'error',
      from: { path: '^apps/console/src/features/' },
      to: { path: '^apps/console/src/app/' },
    },
    {
      name: 'features-never-import-each-other',
      comment: 'A screen shares its parts by moving them to widgets/ or components/.',
      severity: 'error',
      from: { path: '^apps/console/src/features/([^/]+)/' },
      to: { path: '^apps/console/src/features/', pathNot: '^apps/console/src/features/$1/' },
    },
    {
      name: 'lower-layers-never-import-screens',
      comment: 'api/, session/, live/, i18n/ and navigation/ serve the screens and the shell, never the other way round.',
      severity: 'error',
      from: { path: '^apps/console/src/(api|session|live|i18n|navigation)/' },
      to: { path: '^apps/console/src/(app|features|widgets|components)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // layer-fixtures/ break the rules on purpose (server/src/layer-rules.test.ts).
    exclude: { path: '(^|/)(node_modules|dist|layer-fixtures)/' },
    tsConfig: { fileName: 'tsconfig.base.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
