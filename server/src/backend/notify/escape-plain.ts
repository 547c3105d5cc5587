/**
 * A value a person or a device supplied (a name, a code, a rule's name, an alarm's content) made
 * safe as one line of a message a person reads. The markdown and HTML escapes build on this one;
 * the webhook's JSON carries values exactly as they are, for a receiver's own system.
 *
 * - Line breaks and other control characters become a space, so a value cannot begin a line of its
 *   own: no forged heading, quote, list item or 在告警中心处理 line.
 * - Direction overrides are dropped, so a value cannot reorder the text around it.
 * - A URL's `://` and a domain's dots become full-width (`：//`, `．`): mail and chat clients turn
 *   whatever looks like an address into a link, and a name must never become one.
 */
const CONTROLS = /[\p{Cc}\u2028\u2029]+/gu;
const DIRECTION_OVERRIDES = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const SCHEME_SEPARATOR = /:(?=\/\/)/g;
const DOMAIN_DOT = /(?<=[a-z0-9])\.(?=[a-z])/gi;

export function plainValue(value: string): string {
  return value.replace(CONTROLS, ' ').replace(DIRECTION_OVERRIDES, '').replace(SCHEME_SEPARATOR, '：').replace(DOMAIN_DOT, '．');
}
