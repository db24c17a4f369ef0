import { z } from 'zod';

// The help centre's knowledge base (spec 001 §3 "Knowledge base", §5 help-centre rule, §7 "Help centre", §9 page sizes
// and language). The spec gives the calls' query parameters and the outline of their answers (categories and tags
// with en_us language attributes; articles as data[] with included[] language versions that point back at their
// article through relationships.article.data.id; search as data[]); the rest of the shape is ours, in the JSON:API
// style those outlines come from. server/help/README.md says how the articles are written and served.

/** §9: the one language the shop's help centre is written in. */
export const KB_LANGUAGE = 'en_us';
/** §9: the page sizes the client asks for. */
export const KB_PAGE_SIZES = { categories: 100, tags: 100, articles: 250 } as const;
/** The longest search term the server takes (longer is 400 and searches nothing). */
export const KB_TERM_MAX = 100;

/** ?page=1&pageSize=100: a page of a list, 1-based. pageSize at most 250 (the articles' page, §9). */
export const kbPageQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(250).default(100),
  })
  .strict();
/** GET /v1/knowledge_base/articles?page=1&pageSize=250&includeLang=en_us */
export const kbArticlesQuery = kbPageQuery.extend({ includeLang: z.literal(KB_LANGUAGE).default(KB_LANGUAGE) }).strict();
/** GET /v1/knowledge_base/search?term={term}&scope=public */
export const kbSearchQuery = z
  .object({
    term: z
      .string()
      .trim()
      .min(1, 'Type something to search for.')
      .refine((term) => [...term].length <= KB_TERM_MAX, `Keep the search to ${KB_TERM_MAX} characters.`),
    scope: z.literal('public'),
  })
  .strict();

/** Where a list page is: the page asked, its size, and how many there are in all. */
export const kbPageMeta = z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });

/** §3 Category: id, title, description, slug in en_us language attributes, deleted (a deleted one is never served, §5). */
export const kbCategory = z.object({
  id: z.string(),
  type: z.literal('kb_category'),
  attributes: z.object({
    deleted: z.boolean(),
    /** The order the help centre lists them in. */
    order: z.number().int(),
    en_us: z.object({ title: z.string(), description: z.string(), slug: z.string() }),
  }),
});
export type KbCategory = z.infer<typeof kbCategory>;
export const kbCategories = z.object({ data: z.array(kbCategory), meta: kbPageMeta });

/** §3 Tag: id, name (popular, contact-us-top-3, ...). */
export const kbTag = z.object({
  id: z.string(),
  type: z.literal('kb_tag'),
  attributes: z.object({ en_us: z.object({ name: z.string() }) }),
});
export type KbTag = z.infer<typeof kbTag>;
export const kbTags = z.object({ data: z.array(kbTag), meta: kbPageMeta });

/** An article (data[]): what does not depend on the language: deleted, status, its tags' and categories' ids. */
export const kbArticle = z.object({
  id: z.string(),
  type: z.literal('kb_article'),
  attributes: z.object({
    deleted: z.boolean(),
    status: z.enum(['published', 'draft']),
    /** Tag ids (kbTag.id). */
    tags: z.array(z.string()),
    /** Category ids (kbCategory.id), in the order the article belongs to them. */
    categories: z.array(z.string()),
    /** When it was last changed (ISO instant). */
    updated_at: z.string(),
  }),
});
export type KbArticle = z.infer<typeof kbArticle>;

/** An article's text in one language (included[]): its title, slug and sanitised HTML body, pointing at its article. */
export const kbArticleVersion = z.object({
  id: z.string(),
  type: z.literal('kb_article_version'),
  attributes: z.object({ lang: z.literal(KB_LANGUAGE), title: z.string(), slug: z.string(), htmlBody: z.string() }),
  relationships: z.object({ article: z.object({ data: z.object({ id: z.string(), type: z.literal('kb_article') }) }) }),
});
export type KbArticleVersion = z.infer<typeof kbArticleVersion>;
export const kbArticles = z.object({ data: z.array(kbArticle), included: z.array(kbArticleVersion), meta: kbPageMeta });

/** One search hit (data[]), best first: the article's id, title, slug, and a short plain-text passage around the match. */
export const kbSearchHit = z.object({
  id: z.string(),
  type: z.literal('kb_article'),
  attributes: z.object({ title: z.string(), slug: z.string(), snippet: z.string(), categories: z.array(z.string()) }),
});
export type KbSearchHit = z.infer<typeof kbSearchHit>;
export const kbSearchResults = z.object({ data: z.array(kbSearchHit) });

/** The joined §3 Article the help centre shows (what the client makes of data[] and included[]). */
export interface HelpArticle {
  id: string;
  title: string;
  tags: string[];
  slug: string;
  htmlBody: string;
  deleted: boolean;
  status: 'published' | 'draft';
  categories: string[];
}

/** Control characters other than a line break, and lone surrogates. */
const UNPRINTABLE_EXCEPT_NEWLINE = /\p{Cs}|(?![\n\r])\p{Cc}/u;
const UNPRINTABLE = /[\p{Cc}\p{Cs}]/u;
export const KB_INQUIRY_MESSAGE_MAX = 5000;

const line = (missing: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .refine((text) => [...text].length <= max, `Keep it to ${max} characters.`)
    .refine((text) => !UNPRINTABLE.test(text), 'Write it on one line.');

/**
 * POST /v1/knowledge_base/inquiries (spec 001 §7 "Inquiry call: not shown"; ours): the contact form. `website` is a
 * field people never see (a honeypot): a filled one is accepted with the same answer and kept nowhere. A live-chat
 * conversation sent through the embedded chat provider arrives here too, with `source: 'livechat'`.
 */
export const kbInquiryRequest = z
  .object({
    name: line('Tell us your name.', 100),
    email: z
      .string()
      .trim()
      .max(254, 'Enter a shorter e-mail address.')
      .pipe(z.email({ message: 'Enter an e-mail address we can answer.' })),
    topic: z.enum(['order', 'subscription', 'formula', 'shipping', 'account', 'other']),
    message: z
      .string()
      .trim()
      .min(1, 'Write your message.')
      .refine((text) => [...text].length <= KB_INQUIRY_MESSAGE_MAX, `Keep the message to ${KB_INQUIRY_MESSAGE_MAX} characters.`)
      .refine((text) => !UNPRINTABLE_EXCEPT_NEWLINE.test(text), 'Remove the control characters from the message.'),
    /** The order it is about, when the shopper names one. */
    order: z.string().trim().max(64).optional(),
    source: z.enum(['contact_form', 'livechat']).default('contact_form'),
    website: z.string().max(200).optional(),
  })
  .strict();
export type KbInquiryRequest = z.input<typeof kbInquiryRequest>;
/** 201: the inquiry is received; the shopper gets an acknowledgement by mail. `reference` is what they quote. */
export const kbInquiryReceived = z.object({ reference: z.string(), received_at: z.string() });
export type KbInquiryReceived = z.infer<typeof kbInquiryReceived>;
