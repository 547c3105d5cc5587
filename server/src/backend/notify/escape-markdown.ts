import { plainValue } from './escape-plain.ts';

/**
 * The characters that can start markup in the robots' markdown: links and images ([ ] ( ) !),
 * HTML, WeCom's <font> and <@userid> mentions (< >), emphasis and code (* _ ~ `), escapes (\),
 * entities (&), headings and tables (# |), mentions (@).
 */
const MARKUP = /[!#&()*<>@[\\\]_`|~]/g;
/** The full-width twin of an ASCII character (U+FF01…U+FF5E). */
const fullWidth = (character: string) => String.fromCharCode(character.charCodeAt(0) + 0xfee0);

/**
 * A supplied value as text in WeCom's or DingTalk's markdown. Neither documents backslash escapes,
 * so each character of markup is written as its full-width twin instead, which reads the same to a
 * person (Chinese text uses them anyway) and is markup to no renderer.
 */
export function markdownValue(value: string): string {
  return plainValue(value).replace(MARKUP, fullWidth);
}
