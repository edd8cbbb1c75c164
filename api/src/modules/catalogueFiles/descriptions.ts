import { convert } from 'html-to-text';

/**
 * The product page shows a description as plain paragraphs (a blank line between them), never as
 * HTML: a file's `Body (HTML)` is read down to its text, so no markup, script, style or link from
 * the file reaches a shopper's page. Paragraphs, headings, list items and lines broken with `<br>`
 * each become a paragraph (the page runs the lines of one paragraph together); entities are read
 * (`&amp;` is "&").
 */
export function descriptionFromHtml(html: string): string {
  if (html.trim() === '') return '';
  const text = convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'h4', options: { uppercase: false } },
      { selector: 'h5', options: { uppercase: false } },
      { selector: 'h6', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
      { selector: 'ul', options: { itemPrefix: '• ' } },
    ],
  });
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n\n');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A description as `Body (HTML)`: a paragraph each (a line break within one kept), so reading it back gives the same text. */
export function htmlFromDescription(text: string): string {
  if (text.trim() === '') return '';
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

/** The short line under a product's name: the description's first sentence, cut at a word. */
export function shortDescriptionOf(description: string, max = 160): string {
  const first = description.split('\n')[0]?.trim() ?? '';
  const sentence = /^(.+?[.!?])(?:\s|$)/.exec(first)?.[1] ?? first;
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}
