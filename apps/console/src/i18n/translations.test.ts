import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { NAMESPACES, lazyNamespaces, shellNamespaces } from './zh/index.ts';

type Texts = { [key: string]: string | Texts };

const files = import.meta.glob<{ default: Texts }>(['./*/*.ts', '!./zh/index.ts'], { eager: true });
const textsOf = (language: string, namespace: string) => files[`./${language}/${namespace}.ts`]?.default;

/** 'a.b.c' → text, the way i18next addresses nested keys. */
function flatten(texts: Texts, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

const variablesOf = (text: string) => [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]))].sort();

describe('translations', () => {
  it('has one file per namespace in every language, and the zh index lists every zh file', () => {
    for (const language of LANGUAGES) {
      const present = Object.keys(files)
        .filter((path) => path.startsWith(`./${language}/`))
        .map((path) => path.slice(`./${language}/`.length, -'.ts'.length))
        .sort();
      expect(present, language).toEqual([...NAMESPACES].sort());
    }
  });

  it('loads the same Chinese texts through the index as the files hold', async () => {
    for (const [namespace, texts] of Object.entries(shellNamespaces)) expect(texts).toBe(textsOf('zh', namespace));
    for (const [namespace, load] of Object.entries(lazyNamespaces)) expect((await load()).default).toBe(textsOf('zh', namespace));
  });

  for (const language of LANGUAGES.filter((l) => l !== 'zh')) {
    it(`${language}: the same keys as zh, each with the same {{variables}} and some text`, () => {
      for (const namespace of NAMESPACES) {
        const source = flatten(textsOf('zh', namespace)!);
        const translated = flatten(textsOf(language, namespace)!);
        expect([...translated.keys()].sort(), `${language}/${namespace}`).toEqual([...source.keys()].sort());
        for (const [key, text] of source) {
          const translation = translated.get(key)!;
          expect(translation.trim(), `${language}/${namespace}:${key}`).not.toBe('');
          expect(variablesOf(translation), `${language}/${namespace}:${key} '${translation}'`).toEqual(variablesOf(text));
        }
      }
    });
  }
});
