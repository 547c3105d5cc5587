import i18n from 'i18next';
import { NAMESPACES, type Namespace } from './zh/index.ts';

/**
 * Unit tests run in Chinese with every namespace at hand, so rules that word their messages
 * through i18n.t (login, filter refusals, uploads, request errors) are checked against the texts
 * the spec quotes, character for character.
 */
const files = import.meta.glob<{ default: object }>(['./zh/*.ts', '!./zh/index.ts'], { eager: true });
const zh = Object.fromEntries(NAMESPACES.map((namespace: Namespace) => [namespace, files[`./zh/${namespace}.ts`]!.default]));

void i18n.init({
  lng: 'zh',
  resources: { zh },
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  showSupportNotice: false,
  initAsync: false,
});
