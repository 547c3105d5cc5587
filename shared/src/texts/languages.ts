/**
 * The languages the console speaks (console-spec section 1) and in which the backend writes the
 * texts it makes itself: table headers, export headers, the words for stored codes. Chinese is the
 * product's own language, so a request that names none of these gets Chinese.
 */
export const TEXT_LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];
export const DEFAULT_TEXT_LANGUAGE: TextLanguage = 'zh';

export function isTextLanguage(value: unknown): value is TextLanguage {
  return typeof value === 'string' && (TEXT_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language an `Accept-Language` header asks for (RFC 9110 §12.5.4): the known one of highest
 * weight, by its primary subtag (zh-CN is zh), the first listed among equals; Chinese when it
 * names none of them or is absent.
 */
export function languageFromHeader(header: string | undefined): TextLanguage {
  let best: { language: TextLanguage; weight: number } | undefined;
  for (const range of (header ?? '').split(',')) {
    const [tag = '', ...parameters] = range.split(';').map((part) => part.trim());
    const primary = tag.toLowerCase().split('-', 1)[0];
    if (!isTextLanguage(primary)) continue;
    const q = parameters.find((parameter) => /^q=/i.test(parameter));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (!(weight > 0)) continue;
    if (!best || weight > best.weight) best = { language: primary, weight };
  }
  return best?.language ?? DEFAULT_TEXT_LANGUAGE;
}
