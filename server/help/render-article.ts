import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// One Markdown parser for the knowledge base: GitHub-flavoured (tables), no raw-HTML trust (the sanitiser decides).
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/** What an article's HTML may hold: text structure, links, tables, images; never scripts, styles, frames or handlers. */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    'b',
    'i',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title', 'width', 'height'], th: ['align'], td: ['align'] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A heading level 1 is the page's own title: an article's headings start at h2.
  transformTags: { h1: 'h2' },
};

/**
 * An article's Markdown as the HTML the help centre shows, sanitised: only the tags and attributes of ALLOWED, links to
 * https, mailto or a path of the shop (javascript:, data: and the like are dropped), no script, style, iframe or event
 * attribute, whatever the Markdown holds.
 * @example renderArticle('Write to [us](/faq/contact-us).') // '<p>Write to <a href="/faq/contact-us">us</a>.</p>'
 */
export function renderArticle(source: string): string {
  return sanitizeHtml(markdown.parse(source) as string, ALLOWED).trim();
}

/** The article's text without markup, for the search index and its passages. */
export function plainText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h[2-4]|li|tr|blockquote|pre)>/g, '$&\n').replace(/<(br|hr)\s*\/?>/g, '\n'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}
