import sanitizeHtml, { type IOptions } from 'sanitize-html';
import { ContentLimits, OSS_PUBLIC_PATH } from '@pest/shared';
import { isOurImage, storedImagePath } from '../common/our-image.ts';

/**
 * The one allow-list of a notice's or article's HTML: what the console's editor makes (headings,
 * paragraphs, lists, bold, italic, underline, strike, quotes, code, links, tables, images) and
 * nothing else. No script, style, iframe or form, no attribute but the few below (so no event
 * handler and no style), links only http, https and mailto (opened in a new tab, no opener), and
 * images only of our own object store. What is not allowed is dropped, its text kept; the text of
 * script, style and the like goes with them.
 */
const ALLOWED_TAGS = [
  'h1', 'h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'a', 'img', 'table', 'colgroup', 'col', 'thead', 'tbody', 'tr', 'th', 'td',
];

function options(ours: (path: string) => boolean, imageSrc: (path: string) => string): IOptions {
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'target', 'rel'],
      img: ['src', 'alt', 'title'],
      ol: ['start'],
      th: ['colspan', 'rowspan', 'colwidth'],
      td: ['colspan', 'rowspan', 'colwidth'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    allowedStyles: {},
    allowedClasses: {},
    // Their text is no reader's: a script's code, a style's rules, a frame's fallback.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title', 'xmp', 'noembed', 'noframes', 'svg', 'math'],
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
      img: (tagName, attribs) => {
        const path = attribs.src ? storedImagePath(attribs.src) : '';
        const { src: _src, ...rest } = attribs;
        return { tagName, attribs: ours(path) ? { ...rest, src: imageSrc(path) } : rest };
      },
    },
    // An image of another host (or with none) is dropped whole.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

/** The kinds the upload flow stores as pictures (a PDF of the store is no image). */
const IMAGE_FILE = /\.(png|jpe?g|gif)$/i;

/** Whether a path is a picture of our store: under the upload flow's public base, or the reference backend's own. */
export const ourImage = (fileBase: string) => (path: string) => IMAGE_FILE.test(path) && (isOurImage(path, fileBase) || isOurImage(path, OSS_PUBLIC_PATH));

/** The HTML as it is kept: allowed markup only, our images as their stored paths (a signed link's query dropped). */
export function sanitiseContentHtml(html: string, fileBase: string): string {
  return sanitizeHtml(html, options(ourImage(fileBase), (path) => path)).trim();
}

/**
 * The kept HTML as a reader gets it: sanitised once more by the same list (what was kept by an
 * older list is held to today's), each image of our store as a link for this reader.
 */
export function contentHtmlForReader(html: string, fileBase: string, link: (path: string) => string): string {
  return sanitizeHtml(html, options(ourImage(fileBase), (path) => (path.startsWith(`${OSS_PUBLIC_PATH}/`) ? link(path) : path)));
}

/** The characters sanitize-html escapes in text, back to themselves. */
const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** The HTML's text, tags removed and whitespace collapsed (a block's end is a space), for the wallboard's line and the empty check. */
export function contentText(html: string, maxLength: number = ContentLimits.html): string {
  const spaced = html.replace(/<\/(p|h[1-6]|li|td|th|tr|blockquote|pre)\s*>|<br\s*\/?>/gi, ' $&');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'title', 'xmp', 'template'] })
    .replace(/&(amp|lt|gt|quot);/g, (entity) => ESCAPED[entity]!)
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
