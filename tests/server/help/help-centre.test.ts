/**
 * The help centre's calls (issue 29 items 2-3; spec 001 §3 Knowledge base, §5 help-centre rule, §7 Help centre, §9
 * page sizes and en_us) on both databases: the shapes and query parameters of §7, only published and undeleted
 * articles and undeleted categories (§5), a bad query 400 with fields, and the full-text search: ranking, prefixes,
 * stemming, odd input that never fails, drafts and deleted articles never found.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { kbArticles, kbCategories, kbSearchResults, kbTags } from '../../../api/schemas/knowledge-base';
import { loadKnowledgeBase, type KnowledgeBase, type RenderedArticle } from '../../../server/help/load-knowledge-base';
import { plainText, renderArticle } from '../../../server/help/render-article';
import { seedKnowledgeBase } from '../../../server/help/seed-knowledge-base';
import { lexemesOf, searchSnippet } from '../../../server/help/search-snippet';
import { searchTerms } from '../../../server/help/search-terms';
import { describeEachDatabase } from '../support/databases';
import { createTestApp, type TestApp } from '../support/test-app';

const written = (id: string, title: string, markdown: string, extra: Partial<RenderedArticle> = {}): RenderedArticle => {
  const htmlBody = renderArticle(markdown);
  return {
    id,
    title,
    slug: id,
    status: 'published',
    deleted: false,
    tags: [],
    categories: ['orders'],
    order: 100,
    updated: '2026-11-27',
    htmlBody,
    bodyText: plainText(htmlBody),
    ...extra,
  };
};

/** A small base with §5's cases: a draft, a deleted article, a deleted category. */
const fixture: KnowledgeBase = {
  categories: [
    { id: 'orders', title: 'Orders', description: 'Orders and shipping.', slug: 'orders', order: 2, deleted: false },
    { id: 'subs', title: 'Subscriptions', description: 'Your subscription.', slug: 'subscriptions', order: 1, deleted: false },
    { id: 'old', title: 'Old promotions', description: 'Gone.', slug: 'old', order: 3, deleted: true },
  ],
  tags: [
    { id: 'popular', name: 'popular' },
    { id: 'shipping', name: 'shipping' },
  ],
  articles: [
    written('shampoo-basics', 'Shampoo basics', 'How often to wash. Our shampoos are sulfate free.', { tags: ['popular'], order: 1 }),
    written('conditioner', 'Conditioner tips', 'Use it after your shampoo, from mid-lengths to ends.', { categories: ['orders', 'old'] }),
    written('delivery-times', 'Delivery times', 'Parcels arrive in 2 to 5 business days. Shipping is free with a subscription.', { tags: ['shipping'] }),
    written('snooze', 'Snooze your subscription', 'Snoozing moves your next order up to 90 days from today.', { categories: ['subs'] }),
    written('draft-shampoo', 'Shampoo draft', 'A shampoo article not yet published.', { status: 'draft' }),
    written('deleted-shampoo', 'Shampoo deleted', 'A shampoo article that was deleted.', { deleted: true }),
  ],
};

describeEachDatabase('the help centre’s calls (spec 001 §3, §5, §7, §9)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    await seedKnowledgeBase(database().db, fixture);
    t = createTestApp(database().db);
  });

  it('§7 categories?page=1&pageSize=100: en_us attributes, in the help centre’s order, a deleted one never served (§5)', async () => {
    const res = await t.call('GET', '/v1/knowledge_base/categories?page=1&pageSize=100');
    expect(res.status).toBe(200);
    const body = kbCategories.parse(res.body);
    expect(body.data.map((c) => [c.id, c.attributes.en_us.slug, c.attributes.deleted])).toEqual([
      ['subs', 'subscriptions', false],
      ['orders', 'orders', false],
    ]);
    expect(body.data[0]!.attributes.en_us).toEqual({ title: 'Subscriptions', description: 'Your subscription.', slug: 'subscriptions' });
    expect(body.meta).toEqual({ page: 1, pageSize: 100, total: 2 });
  });

  it('§7 articles?page=1&pageSize=250&includeLang=en_us: data[] and included[] pointing back; drafts and deleted ones never served (§5)', async () => {
    const res = await t.call('GET', '/v1/knowledge_base/articles?page=1&pageSize=250&includeLang=en_us');
    expect(res.status).toBe(200);
    const body = kbArticles.parse(res.body);
    expect(body.data.map((a) => a.id)).toEqual(['shampoo-basics', 'conditioner', 'delivery-times', 'snooze']);
    expect(body.included.map((v) => v.relationships.article.data.id)).toEqual(body.data.map((a) => a.id));
    expect(body.included[0]!.attributes).toMatchObject({ lang: 'en_us', title: 'Shampoo basics', slug: 'shampoo-basics' });
    expect(body.included[0]!.attributes.htmlBody).toBe('<p>How often to wash. Our shampoos are sulfate free.</p>');
    expect(body.data[0]!.attributes).toEqual({
      deleted: false,
      status: 'published',
      tags: ['popular'],
      categories: ['orders'],
      updated_at: '2026-11-27T00:00:00.000Z',
    });
    // A deleted category is not named by the articles that were in it.
    expect(body.data[1]!.attributes.categories).toEqual(['orders']);
    expect(body.meta.total).toBe(4);
  });

  it('pages: page 2 of pageSize 3 holds the rest', async () => {
    const body = kbArticles.parse((await t.call('GET', '/v1/knowledge_base/articles?page=2&pageSize=3&includeLang=en_us')).body);
    expect(body.data.map((a) => a.id)).toEqual(['snooze']);
    expect(body.meta).toEqual({ page: 2, pageSize: 3, total: 4 });
  });

  it('§7 tags?page=1&pageSize=100', async () => {
    const body = kbTags.parse((await t.call('GET', '/v1/knowledge_base/tags?page=1&pageSize=100')).body);
    expect(body.data).toEqual([
      { id: 'popular', type: 'kb_tag', attributes: { en_us: { name: 'popular' } } },
      { id: 'shipping', type: 'kb_tag', attributes: { en_us: { name: 'shipping' } } },
    ]);
  });

  it('a bad query is 400 {code, detail, fields}', async () => {
    for (const [path, field] of [
      ['/v1/knowledge_base/categories?page=0&pageSize=100', 'page'],
      ['/v1/knowledge_base/tags?page=1&pageSize=251', 'pageSize'],
      ['/v1/knowledge_base/articles?page=1&pageSize=250&includeLang=fr_fr', 'includeLang'],
      ['/v1/knowledge_base/articles?page=x', 'page'],
      ['/v1/knowledge_base/search?term=&scope=public', 'term'],
      ['/v1/knowledge_base/search?term=shampoo&scope=private', 'scope'],
      ['/v1/knowledge_base/search?term=shampoo', 'scope'],
      [`/v1/knowledge_base/search?term=${'a'.repeat(101)}&scope=public`, 'term'],
    ] as const) {
      const res = await t.call('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({ code: 'validation_error', detail: expect.any(String), fields: { [field]: [expect.any(String)] } });
    }
  });

  const search = async (term: string) => {
    const res = await t.call('GET', `/v1/knowledge_base/search?term=${encodeURIComponent(term)}&scope=public`);
    expect(res.status, term).toBe(200);
    return kbSearchResults.parse(res.body).data;
  };
  const ids = async (term: string) => (await search(term)).map((hit) => hit.id);

  it('search ranks a title hit above a body hit, and never finds drafts or deleted articles (§5)', async () => {
    expect(await ids('shampoo')).toEqual(['shampoo-basics', 'conditioner']);
    const [hit] = await search('shampoo');
    // The conditioner's deleted category is not named (§5).
    expect((await search('shampoo'))[1]!.attributes.categories).toEqual(['orders']);
    expect(hit!.attributes).toEqual({
      title: 'Shampoo basics',
      slug: 'shampoo-basics',
      snippet: expect.stringContaining('shampoos are sulfate free'),
      categories: ['orders'],
    });
  });

  it('search: the last word is a prefix (shamp finds shampoo), and words are stemmed (snoozing finds snooze, parcel finds parcels)', async () => {
    expect(await ids('shamp')).toEqual(['shampoo-basics', 'conditioner']);
    expect(await ids('snoozing')).toEqual(['snooze']);
    expect(await ids('parcel ')).toEqual(['delivery-times']);
    expect(await ids('free subscr')).toEqual(['delivery-times']);
    expect(await ids('shipping')).toEqual(['delivery-times']);
  });

  it('search: phrases, or, and -word', async () => {
    expect(await ids('"business days"')).toEqual(['delivery-times']);
    expect(await ids('"days business"')).toEqual([]);
    expect(await ids('snooze or conditioner')).toEqual(expect.arrayContaining(['snooze', 'conditioner']));
    expect(await ids('shampoo -conditioner')).toEqual(['shampoo-basics']);
  });

  it('search never fails on odd input: quotes, operators, parentheses, emoji, SQL, stop words alone', async () => {
    for (const term of [
      '"',
      '""',
      "'",
      '&',
      '|',
      '!',
      ':*',
      '(',
      ')',
      'shampoo & | ! :* ( )',
      '😀',
      '🧴 shampoo 🧴',
      "'); drop table kb_articles; --",
      'the',
      'a the of',
      '\\',
      '%_',
      'or',
      '-',
      '"unclosed shamp',
    ])
      await search(term);
    expect(await ids('(shampoo)!')).toEqual(['shampoo-basics', 'conditioner']);
    expect(await ids('😀')).toEqual([]);
    expect(await ids(`${'word '.repeat(19)}x`)).toEqual([]);
  });
});

describe('the shipped knowledge base, served', () => {
  const kb = loadKnowledgeBase();
  describeEachDatabase('searching the shop’s own articles', (database) => {
    let t: TestApp;
    beforeAll(async () => {
      await seedKnowledgeBase(database().db, kb);
      t = createTestApp(database().db);
    });
    it('finds the guarantee, cancelling, snoozing and gift cards by the words shoppers type', async () => {
      const top = async (term: string) =>
        kbSearchResults.parse((await t.call('GET', `/v1/knowledge_base/search?term=${encodeURIComponent(term)}&scope=public`)).body).data[0]?.id;
      expect(await top('guarantee')).toBe('our-guarantee');
      expect(await top('cancel subscription')).toBe('cancel-your-subscription');
      expect(await top('snooze')).toBe('manage-your-subscription');
      const giftCards = kbSearchResults.parse((await t.call('GET', '/v1/knowledge_base/search?term=gift%20card&scope=public')).body).data.slice(0, 2);
      expect(giftCards.map((hit) => hit.id).sort()).toEqual(['gift-cards', 'redeem-a-gift-card']);
      expect(await top('track my ord')).toBe('where-is-my-order');
    });
  });
});

describeEachDatabase('answers kept in memory are forgotten when the knowledge base is written again', (database) => {
  it('a search and the article list after a new start’s content show the new content', async () => {
    const t = createTestApp(database().db);
    const base: KnowledgeBase = { ...fixture, articles: [written('a', 'Towel care', 'Wash the hair towel cold.')] };
    await seedKnowledgeBase(database().db, base);
    const find = async (term: string) =>
      (await t.call('GET', `/v1/knowledge_base/search?term=${term}&scope=public`)).body.data.map((h: { id: string }) => h.id);
    expect(await find('towel')).toEqual(['a']);
    expect((await t.call('GET', '/v1/knowledge_base/articles?page=1&pageSize=250&includeLang=en_us')).body.data).toHaveLength(1);
    await seedKnowledgeBase(database().db, {
      ...base,
      articles: [written('a', 'Candle care', 'Trim the wick.', { status: 'draft' }), written('b', 'Towel wash', 'Cold water.')],
    });
    expect(await find('towel')).toEqual(['b']);
    expect((await t.call('GET', '/v1/knowledge_base/articles?page=1&pageSize=250&includeLang=en_us')).body.data.map((a: { id: string }) => a.id)).toEqual([
      'b',
    ]);
  });
});

describe('the search’s pieces', () => {
  it('searchTerms: words, phrases, or, -word and the last word as a prefix; nothing but letters and digits reaches the query', () => {
    expect(searchTerms('dry shamp')).toBe('dry & shamp:*');
    expect(searchTerms('dry shampoo ')).toBe('dry & shampoo');
    expect(searchTerms('"ship now" or snooze -cancel')).toBe('(ship <-> now) | snooze & !cancel');
    expect(searchTerms("a & b | !c:*() '); drop")).toBe('a & b & c & drop:*');
    expect(searchTerms('😀 "" & ()')).toBeNull();
  });

  it('searchSnippet: a passage around the first match, cut at words, with … where text was left out', () => {
    const body = `${'Intro words here. '.repeat(12)}Snoozing moves your next order up to 90 days from today. ${'More words after. '.repeat(12)}`;
    const snippet = searchSnippet(body, lexemesOf("'snooz'"));
    expect(snippet).toMatch(/^….*Snoozing moves your next order up to 90 days from today\..*…$/);
    expect(snippet.length).toBeLessThanOrEqual(185);
    expect(searchSnippet('Short body.', ['x'])).toBe('Short body.');
    expect(lexemesOf("'dri' & 'shampoo':* | 'don''t'")).toEqual(['dri', 'shampoo', "don't"]);
  });

  it('searchSnippet with several lexemes: the passage starts near whichever comes first in the body, not the first named; no lexeme matched: the body’s start', () => {
    const body = `${'Intro words here. '.repeat(12)}Parcels ship in two days. ${'Middle words. '.repeat(12)}Snoozing moves your next order. ${'End words. '.repeat(12)}`;
    const snippet = searchSnippet(body, ['snooz', 'parcel']);
    expect(snippet).toMatch(/^….*Parcels ship in two days\./);
    expect(snippet).not.toContain('Snoozing');
    // A lexeme inside a word does not count (word starts only), and regular-expression characters are plain text.
    expect(searchSnippet(body, ['arcel', 'x.*'])).toMatch(/^Intro words here\./);
    expect(searchSnippet(body, [])).toMatch(/^Intro words here\./);
    // Line breaks, tabs and runs of spaces read as one space.
    expect(searchSnippet(' Parcels\n\narrive\tin  2 days. ', ['parcel'])).toBe('Parcels arrive in 2 days.');
  });
});
