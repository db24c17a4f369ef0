import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { KbInquiryReceived, KbSearchHit } from '../../api/schemas/knowledge-base';
import { combinedStatus, createHelpCentreMachine, helpStatuses, type HelpCentreApi } from '../../shop/help/help-centre-machine';
import { articlesTagged, categoryBySlug, joinArticles, relatedArticles } from '../../shop/help/knowledge-base';
import { helpArticlesPage, helpCategories, helpPages, helpTags, shampooHits } from '../../stories/fixtures/help-centre';

/** A promise the test settles when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** The machine over a knowledge base that answers at once, unless a test replaces a call. */
function start(overrides: Partial<HelpCentreApi> = {}) {
  const api: HelpCentreApi = {
    categories: async () => helpPages.categories,
    articles: async () => helpPages.articles,
    tags: async () => helpPages.tags,
    search: async () => ({ data: shampooHits }),
    sendInquiry: async () => ({ reference: 'HC-7K3M9Q', received_at: '2026-11-27T23:00:00.000Z' }),
    ...overrides,
  };
  const report = vi.fn();
  const actor = createActor(createHelpCentreMachine(api, report)).start();
  return { actor, report, statuses: () => helpStatuses(actor.getSnapshot()) };
}
const lists = ['categories', 'articles', 'tags'] as const;
const loaded = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => lists.every((r) => helpStatuses(s)[r] === 'success'));

describe('the help centre machine (spec 001 §4 "Help centre")', () => {
  it('§4: categories, articles, search, tags and inquiry each start idle, and LOAD makes the lists loading then success', async () => {
    const { actor, statuses } = start();
    expect(statuses()).toEqual({ categories: 'idle', articles: 'idle', search: 'idle', tags: 'idle', inquiry: 'idle' });
    actor.send({ type: 'LOAD' });
    expect(statuses()).toMatchObject({ categories: 'loading', articles: 'loading', tags: 'loading', search: 'idle' });
    await loaded(actor);
    expect(actor.getSnapshot().context.categories.map((c) => c.attributes.en_us.slug)).toEqual([
      'orders-and-shipping',
      'subscriptions',
      'formulas-and-ingredients',
    ]);
    expect(actor.getSnapshot().context.articles).toHaveLength(5);
  });

  it('§4: the combined status is error if any is error, loading if any is idle or loading, else success', () => {
    expect(combinedStatus({ categories: 'success', articles: 'success', tags: 'success' })).toBe('success');
    expect(combinedStatus({ categories: 'success', articles: 'idle', tags: 'success' })).toBe('loading');
    expect(combinedStatus({ categories: 'success', articles: 'loading', tags: 'success' })).toBe('loading');
    expect(combinedStatus({ categories: 'loading', articles: 'error', tags: 'idle' })).toBe('error');
    expect(combinedStatus({ categories: 'success', articles: 'success', search: 'error', tags: 'success', inquiry: 'idle' })).toBe('error');
  });

  it('§4: clearing search resets it to idle and empties the results', async () => {
    const { actor, statuses } = start();
    actor.send({ type: 'SEARCH', term: '  shampoo ' });
    expect(statuses().search).toBe('loading');
    expect(actor.getSnapshot().context.search.term).toBe('shampoo');
    await waitFor(actor, (s) => helpStatuses(s).search === 'success');
    expect(actor.getSnapshot().context.search.results).toEqual(shampooHits);
    actor.send({ type: 'CLEAR_SEARCH' });
    expect(statuses().search).toBe('idle');
    expect(actor.getSnapshot().context.search).toEqual({ term: '', results: [] });
  });

  it('§4: a new search replaces one under way; the first answer, arriving late, is dropped', async () => {
    const answers: Record<string, ReturnType<typeof deferred<{ data: KbSearchHit[] }>>> = {};
    const { actor } = start({ search: (term) => (answers[term] = deferred()).promise });
    actor.send({ type: 'SEARCH', term: 'sham' });
    actor.send({ type: 'SEARCH', term: 'shampoo' });
    answers.shampoo!.resolve({ data: shampooHits });
    await waitFor(actor, (s) => helpStatuses(s).search === 'success');
    answers.sham!.resolve({ data: [] });
    await Promise.resolve();
    expect(actor.getSnapshot().context.search).toEqual({ term: 'shampoo', results: shampooHits });
  });

  it('§4: clearing a search under way drops its answer', async () => {
    const answer = deferred<{ data: KbSearchHit[] }>();
    const { actor, statuses } = start({ search: () => answer.promise });
    actor.send({ type: 'SEARCH', term: 'shampoo' });
    actor.send({ type: 'CLEAR_SEARCH' });
    answer.resolve({ data: shampooHits });
    await answer.promise;
    await Promise.resolve();
    expect(statuses().search).toBe('idle');
    expect(actor.getSnapshot().context.search.results).toEqual([]);
  });

  it('§8: a failed knowledge-base fetch is logged and rethrown into its error state; LOAD tries it again', async () => {
    const failure = new Error('categories are down');
    let fail = true;
    const { actor, report, statuses } = start({ categories: async () => (fail ? Promise.reject(failure) : helpPages.categories) });
    actor.send({ type: 'LOAD' });
    await waitFor(actor, (s) => helpStatuses(s).categories === 'error');
    expect(report).toHaveBeenCalledWith('knowledge base: categories', failure);
    expect(actor.getSnapshot().context.errors.categories).toBe(failure);
    expect(combinedStatus({ categories: statuses().categories, articles: statuses().articles, tags: statuses().tags })).toBe('error');
    fail = false;
    actor.send({ type: 'LOAD' });
    await loaded(actor);
  });

  it("§8: a failed search is logged and shown as the search's error", async () => {
    const { actor, report } = start({ search: async () => Promise.reject(new Error('search is down')) });
    actor.send({ type: 'SEARCH', term: 'shampoo' });
    await waitFor(actor, (s) => helpStatuses(s).search === 'error');
    expect(report).toHaveBeenCalledWith('knowledge base: search', expect.any(Error));
  });

  it('§4: the inquiry is loading, then success with the reference to quote; a refusal is its error, kept for the form', async () => {
    const refusal = Object.assign(new Error('Check the fields.'), { fields: { email: ['Enter an e-mail address we can answer.'] } });
    const answers = [deferred<KbInquiryReceived>(), deferred<KbInquiryReceived>()];
    let call = 0;
    const { actor, report, statuses } = start({ sendInquiry: () => answers[call++]!.promise });
    const request = { name: 'Ada', email: 'ada@example', topic: 'order' as const, message: 'Where is my order?' };
    actor.send({ type: 'SEND_INQUIRY', request });
    expect(statuses().inquiry).toBe('loading');
    actor.send({ type: 'SEND_INQUIRY', request }); // a second press while sending sends nothing more
    answers[0]!.reject(refusal);
    await waitFor(actor, (s) => helpStatuses(s).inquiry === 'error');
    expect(actor.getSnapshot().context.errors.inquiry).toBe(refusal);
    expect(report).not.toHaveBeenCalled();
    actor.send({ type: 'SEND_INQUIRY', request: { ...request, email: 'ada@example.com' } });
    answers[1]!.resolve({ reference: 'HC-7K3M9Q', received_at: '2026-11-27T23:00:00.000Z' });
    await waitFor(actor, (s) => helpStatuses(s).inquiry === 'success');
    expect(actor.getSnapshot().context.inquiry?.reference).toBe('HC-7K3M9Q');
    expect(call).toBe(2);
    actor.send({ type: 'NEW_INQUIRY' });
    expect(statuses().inquiry).toBe('idle');
    expect(actor.getSnapshot().context.inquiry).toBeNull();
  });

  it('§4: sign-out (RESET) resets the help centre: every status idle, nothing kept, a fetch under way dropped', async () => {
    const articles = deferred<typeof helpArticlesPage>();
    const { actor, statuses } = start({ articles: () => articles.promise });
    actor.send({ type: 'LOAD' });
    actor.send({ type: 'SEARCH', term: 'shampoo' });
    await waitFor(actor, (s) => helpStatuses(s).categories === 'success' && helpStatuses(s).search === 'success');
    actor.send({ type: 'RESET' });
    expect(statuses()).toEqual({ categories: 'idle', articles: 'idle', search: 'idle', tags: 'idle', inquiry: 'idle' });
    articles.resolve(helpArticlesPage);
    await articles.promise;
    await Promise.resolve();
    expect(actor.getSnapshot().context).toMatchObject({ categories: [], articles: [], tags: [], search: { term: '', results: [] }, inquiry: null });
    expect(statuses().articles).toBe('idle');
  });
});

describe('the knowledge base as the help centre shows it (spec 001 §3 Knowledge base, §5)', () => {
  it('§3: an Article joins data[] with its en_us text from included[] through relationships.article.data.id', () => {
    const [guarantee] = joinArticles(helpArticlesPage);
    expect(guarantee).toEqual({
      id: 'our-guarantee',
      title: 'What is your guarantee?',
      tags: ['tag-popular', 'tag-top'],
      slug: 'our-guarantee',
      htmlBody: expect.stringContaining('30 days of delivery'),
      deleted: false,
      status: 'published',
      categories: ['cat-formulas', 'cat-orders'],
    });
  });

  it('§5: drafts and deleted articles are never shown, even when a server sends them; deleted categories are hidden', () => {
    const ids = joinArticles(helpArticlesPage).map((a) => a.id);
    expect(ids).not.toContain('draft-article');
    expect(ids).not.toContain('deleted-article');
    expect(categoryBySlug(helpCategories, 'old-promotions')).toBeUndefined();
    // An included[] text whose article is not in data[] (or the reverse) shows nothing.
    expect(joinArticles({ data: helpArticlesPage.data.slice(0, 1), included: helpArticlesPage.included.slice(1) })).toEqual([]);
  });

  it("§2: popular articles carry the tag popular, the contact page's the tag contact-us-top-3", () => {
    const articles = joinArticles(helpArticlesPage);
    expect(articlesTagged(articles, helpTags, 'popular').map((a) => a.id)).toEqual([
      'our-guarantee',
      'how-long-shipping',
      'change-subscription',
      'shampoo-sulfates',
    ]);
    expect(articlesTagged(articles, helpTags, 'contact-us-top-3').map((a) => a.id)).toEqual(['our-guarantee', 'how-long-shipping', 'change-subscription']);
  });

  it('related articles: the same category first, then popular ones, never the article itself', () => {
    const articles = joinArticles(helpArticlesPage);
    const cancel = articles.find((a) => a.id === 'cancel-subscription')!;
    expect(relatedArticles(cancel, articles, helpTags, 3).map((a) => a.id)).toEqual(['change-subscription', 'our-guarantee', 'how-long-shipping']);
  });
});
