import { plainValue } from './escape-plain.ts';

/** Text or an attribute's value in HTML: the five characters of markup as character references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A supplied value as text in the email's HTML part. */
export function htmlValue(value: string): string {
  return escapeHtml(plainValue(value));
}
