import type { Context } from 'hono';
import { clientIp } from '../http/client-ip';
import { defineOperation } from '../http/operation';
import { hitRateLimit } from '../http/rate-limit';
import { INQUIRY_LIMITS } from './inquiry-limits';
import { cachedAnswer, cachedJson } from './knowledge-base-cache';
import { articlesPage, categoriesPage, tagsPage } from './knowledge-base-views';
import { searchAnswerJson } from './search-index';
import { searchTerms } from './search-terms';
import { sendInquiry } from './send-inquiry';

// The help centre's calls (spec 001 §7 Help centre; server/help/README.md). Reading is open to anyone (§6: an
// anonymous visitor browses the help centre); only what §5 allows is served.
/** A kept answer's JSON as the reply (the answers' shapes are checked where they are computed, by their types). */
const answer = (c: Context, json: Uint8Array<ArrayBuffer>) => c.body(json, 200, { 'Content-Type': 'application/json; charset=UTF-8' });

const badQuery = 'validation_error: a query parameter that is not the spec’s (page and pageSize whole numbers from 1, pageSize at most 250)';

/** GET /v1/knowledge_base/categories?page=1&pageSize=100 */
export const listKbCategoriesOperation = defineOperation(
  'listKbCategories',
  {
    summary: 'The help centre’s categories, deleted ones left out (spec 001 §5)',
    tag: 'help',
    responses: { 200: 'A page of categories in the help centre’s order', 400: badQuery },
  },
  async ({ c, query, services }) =>
    answer(c, await cachedAnswer(services.db, `categories:${query.page}:${query.pageSize}`, () => categoriesPage(services.db, query.page, query.pageSize))),
);

/** GET /v1/knowledge_base/articles?page=1&pageSize=250&includeLang=en_us */
export const listKbArticlesOperation = defineOperation(
  'listKbArticles',
  {
    summary: 'The help centre’s published articles (data[]) and their en_us text (included[])',
    tag: 'help',
    responses: { 200: 'A page of articles; deleted and draft ones are never served (spec 001 §5)', 400: `${badQuery}; includeLang other than en_us` },
  },
  async ({ c, query, services }) =>
    answer(c, await cachedAnswer(services.db, `articles:${query.page}:${query.pageSize}`, () => articlesPage(services.db, query.page, query.pageSize))),
);

/** GET /v1/knowledge_base/search?term=…&scope=public */
export const searchKbOperation = defineOperation(
  'searchKb',
  {
    summary: 'Search the help centre: full text over titles, tags and bodies, best first, the last word as a prefix',
    tag: 'help',
    responses: {
      200: 'The matching articles, best first (none for a term without a word)',
      400: 'validation_error: no term, a term over 100 characters, or a scope other than public',
    },
  },
  async ({ c, query, services }) => {
    const terms = searchTerms(query.term);
    return terms === null ? c.json({ data: [] }, 200) : answer(c, await cachedJson(services.db, `search:${terms}`, () => searchAnswerJson(services.db, terms)));
  },
);

/** GET /v1/knowledge_base/tags?page=1&pageSize=100 */
export const listKbTagsOperation = defineOperation(
  'listKbTags',
  { summary: 'The help centre’s tags (popular, contact-us-top-3, …)', tag: 'help', responses: { 200: 'A page of tags', 400: badQuery } },
  async ({ c, query, services }) =>
    answer(c, await cachedAnswer(services.db, `tags:${query.page}:${query.pageSize}`, () => tagsPage(services.db, query.page, query.pageSize))),
);

/** POST /v1/knowledge_base/inquiries: the contact form (send-inquiry.ts). */
export const sendKbInquiryOperation = defineOperation(
  'sendKbInquiry',
  {
    summary: 'Send a message to customer care: kept, mailed to support, acknowledged to the shopper with a reference',
    tag: 'help',
    responses: {
      201: 'Received: the reference to quote and when',
      400: 'validation_error: a missing or over-long name, e-mail, topic or message, control characters, or an unknown field; nothing is kept or mailed',
      413: 'payload_too_large: a body over the server’s limit; nothing is kept',
      429: 'rate_limited: too many messages from this address or for this e-mail; nothing is kept',
    },
  },
  async ({ c, body, auth, services }) => {
    if (services.config.rateLimits) {
      await hitRateLimit(services, `kb-inquiry:ip:${clientIp(c, services.config.trustProxy)}`, INQUIRY_LIMITS.perIp);
      await hitRateLimit(services, `kb-inquiry:email:${body.email.toLowerCase()}`, INQUIRY_LIMITS.perEmail);
    }
    return c.json(await sendInquiry(services, auth, body), 201);
  },
);

export const helpOperations = [listKbCategoriesOperation, listKbArticlesOperation, searchKbOperation, listKbTagsOperation, sendKbInquiryOperation];
