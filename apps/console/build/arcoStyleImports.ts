import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const ARCO = '@arco-design/web-react';
const esDir = join(dirname(createRequire(import.meta.url).resolve(`${ARCO}/package.json`)), 'es');
const namedImport = /import\s*\{([^}]*)\}\s*from\s*['"]@arco-design\/web-react['"]/g;

/**
 * On-demand Arco styles: for every component named in `import { … } from '@arco-design/web-react'`
 * in our own sources, add the import of that component's compiled css (which pulls in the css of
 * the components it is built from). Same effect as @arco-plugins/vite-react's `style: 'css'`
 * without its Babel toolchain; the ES build already tree-shakes the JS.
 */
export function arcoStyleImports(): Plugin {
  return {
    name: 'console:arco-style-imports',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !code.includes(ARCO)) return null;
      const styles = new Set<string>();
      for (const match of code.matchAll(namedImport)) {
        for (const specifier of (match[1] ?? '').split(',')) {
          const name = specifier.trim().split(/\s+as\s+/)[0]?.trim();
          if (!name || name.startsWith('type ')) continue;
          if (existsSync(join(esDir, name, 'style', 'css.js'))) styles.add(`import '${ARCO}/es/${name}/style/css.js';`);
        }
      }
      if (styles.size === 0) return null;
      return { code: `${[...styles].join('\n')}\n${code}`, map: null };
    },
  };
}
