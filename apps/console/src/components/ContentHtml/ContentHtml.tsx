import './ContentHtml.css';

/**
 * A notice's or article's body: the one place the console renders HTML it did not make itself. It
 * renders the server's HTML alone (content/detail), which the server has sanitised to its
 * allow-list (no script, no event handler, no style, links http/https/mailto, images of our own
 * store): nothing else may be handed to it, and nowhere else sets inner HTML (eslint.config.js
 * refuses `dangerouslySetInnerHTML` outside this file).
 */
export function ContentHtml({ html, testId }: { html: string; testId: string }) {
  return <div className="content-html" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
