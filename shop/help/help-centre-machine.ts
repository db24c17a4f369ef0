import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { HelpArticle, KbCategory, KbInquiryReceived, KbInquiryRequest, KbSearchHit, KbTag } from '#api';
import { joinArticles, shownCategories, type KbArticlesPage } from './knowledge-base.ts';

/** How the help centre reaches the knowledge base (spec 001 §7 "Help centre"; the app binds api/'s client, stories and tests their own). */
export interface HelpCentreApi {
  /** GET /v1/knowledge_base/categories?page=1&pageSize=100 */
  categories(): Promise<{ data: KbCategory[] }>;
  /** GET /v1/knowledge_base/articles?page=1&pageSize=250&includeLang=en_us */
  articles(): Promise<Pick<KbArticlesPage, 'data' | 'included'>>;
  /** GET /v1/knowledge_base/tags?page=1&pageSize=100 */
  tags(): Promise<{ data: KbTag[] }>;
  /** GET /v1/knowledge_base/search?term={term}&scope=public */
  search(term: string): Promise<{ data: KbSearchHit[] }>;
  /** POST /v1/knowledge_base/inquiries: the contact form. */
  sendInquiry(request: KbInquiryRequest): Promise<KbInquiryReceived>;
}

/** §8: a failed knowledge-base fetch is logged (the app passes its error reporter), then rethrown. */
export type ReportError = (where: string, error: unknown) => void;

/** §4 Help centre: the help centre's requests, each with its own status. */
export const helpRequests = ['categories', 'articles', 'search', 'tags', 'inquiry'] as const;
export type HelpRequest = (typeof helpRequests)[number];
/** §4: a help-centre fetch status. */
export type FetchStatus = 'idle' | 'loading' | 'success' | 'error';

export interface HelpCentreContext {
  /** Shown categories (§5: deleted ones hidden), in order. */
  categories: KbCategory[];
  /** The §3 Articles joined from data[] and included[], drafts and deleted left out (§5). */
  articles: HelpArticle[];
  tags: KbTag[];
  /** The term searched for last, and its hits (empty while idle: §4 clearing search empties the results). */
  search: { term: string; results: KbSearchHit[] };
  /** The contact form's answer: the reference the shopper quotes. */
  inquiry: KbInquiryReceived | null;
  /** Why a request failed (the inquiry's carries the server's field errors). */
  errors: Partial<Record<HelpRequest, unknown>>;
}

export type HelpCentreEvent =
  /** Fetches the categories, articles and tags that are not loaded yet (or failed). */
  | { type: 'LOAD' }
  | { type: 'SEARCH'; term: string }
  | { type: 'CLEAR_SEARCH' }
  | { type: 'SEND_INQUIRY'; request: KbInquiryRequest }
  /** Back to an empty contact form (leaving the page, or "Send another message"). */
  | { type: 'NEW_INQUIRY' }
  /** §4: sign-out resets the help centre's state. */
  | { type: 'RESET' };

const empty = (): HelpCentreContext => ({ categories: [], articles: [], tags: [], search: { term: '', results: [] }, inquiry: null, errors: {} });

/**
 * The help centre (spec 001 §4 "Help centre"): categories, articles, search, tags and inquiry each idle, loading,
 * success or error (`helpStatuses`; `combinedStatus` over the ones a page shows); clearing search resets it to idle
 * and empties the results; RESET (sign-out) forgets everything and stops what is under way. A failed fetch is
 * reported and rethrown into its error state (§8). Live chat's flags belong to the live-chat panel (shop/livechat/).
 * @example
 * const actor = createActor(createHelpCentreMachine(api, reportError)).start();
 * actor.send({ type: 'LOAD' });
 * actor.send({ type: 'SEARCH', term: 'shampoo' });
 */
export function createHelpCentreMachine(api: HelpCentreApi, report: ReportError) {
  const logged =
    <T>(request: HelpRequest, call: () => Promise<T>) =>
    async (): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        report(`knowledge base: ${request}`, error);
        throw error;
      }
    };
  return setup({
    types: {} as { context: HelpCentreContext; events: HelpCentreEvent },
    actors: {
      categories: fromPromise<Partial<HelpCentreContext>>(logged('categories', async () => ({ categories: shownCategories((await api.categories()).data) }))),
      articles: fromPromise<Partial<HelpCentreContext>>(logged('articles', async () => ({ articles: joinArticles(await api.articles()) }))),
      tags: fromPromise<Partial<HelpCentreContext>>(logged('tags', async () => ({ tags: (await api.tags()).data }))),
      search: fromPromise<KbSearchHit[], { term: string }>(({ input }) => logged('search', async () => (await api.search(input.term)).data)()),
      // The form shows a refused inquiry's field errors: a refusal is the shopper's to fix, not a failure to report.
      inquiry: fromPromise<KbInquiryReceived, { request: KbInquiryRequest }>(({ input }) => api.sendInquiry(input.request)),
    },
    actions: {
      startSearch: assign({ search: ({ event }) => ({ term: (event as Extract<HelpCentreEvent, { type: 'SEARCH' }>).term.trim(), results: [] }) }),
      keep: assign((_, loaded: Partial<HelpCentreContext>) => loaded),
      failed: assign(({ context }, { request, error }: { request: HelpRequest; error: unknown }) => ({ errors: { ...context.errors, [request]: error } })),
    },
  }).createMachine({
    id: 'helpCentre',
    type: 'parallel',
    context: empty,
    on: {
      RESET: {
        target: ['.categories.idle', '.articles.idle', '.tags.idle', '.search.idle', '.inquiry.idle'],
        actions: assign(empty),
      },
    },
    states: {
      // A list is fetched once: LOAD starts it when idle or failed; a success is kept until RESET.
      categories: {
        initial: 'idle',
        states: {
          idle: { on: { LOAD: 'loading' } },
          loading: {
            invoke: {
              src: 'categories',
              onDone: { target: 'success', actions: { type: 'keep', params: ({ event }) => event.output } },
              onError: { target: 'error', actions: { type: 'failed', params: ({ event }) => ({ request: 'categories', error: event.error }) } },
            },
          },
          success: {},
          error: { on: { LOAD: 'loading' } },
        },
      },
      articles: {
        initial: 'idle',
        states: {
          idle: { on: { LOAD: 'loading' } },
          loading: {
            invoke: {
              src: 'articles',
              onDone: { target: 'success', actions: { type: 'keep', params: ({ event }) => event.output } },
              onError: { target: 'error', actions: { type: 'failed', params: ({ event }) => ({ request: 'articles', error: event.error }) } },
            },
          },
          success: {},
          error: { on: { LOAD: 'loading' } },
        },
      },
      tags: {
        initial: 'idle',
        states: {
          idle: { on: { LOAD: 'loading' } },
          loading: {
            invoke: {
              src: 'tags',
              onDone: { target: 'success', actions: { type: 'keep', params: ({ event }) => event.output } },
              onError: { target: 'error', actions: { type: 'failed', params: ({ event }) => ({ request: 'tags', error: event.error }) } },
            },
          },
          success: {},
          error: { on: { LOAD: 'loading' } },
        },
      },
      search: {
        initial: 'idle',
        on: {
          SEARCH: [
            // An empty term is no search: the same as clearing it.
            { guard: ({ event }) => event.term.trim() === '', target: '.idle', actions: assign({ search: { term: '', results: [] } }) },
            { target: '.loading', actions: 'startSearch' },
          ],
          // §4: clearing search resets it to idle and empties the results.
          CLEAR_SEARCH: { target: '.idle', actions: assign({ search: { term: '', results: [] } }) },
        },
        states: {
          idle: {},
          loading: {
            // A new term replaces the search under way (its answer is dropped). Re-entering only this state: a
            // re-entering transition on the region itself would re-enter the whole parallel machine.
            on: {
              SEARCH: [
                { guard: ({ event }) => event.term.trim() === '', target: 'idle', actions: assign({ search: { term: '', results: [] } }) },
                { target: 'loading', reenter: true, actions: 'startSearch' },
              ],
            },
            invoke: {
              src: 'search',
              input: ({ context }) => ({ term: context.search.term }),
              onDone: { target: 'success', actions: assign({ search: ({ context, event }) => ({ term: context.search.term, results: event.output }) }) },
              onError: { target: 'error', actions: { type: 'failed', params: ({ event }) => ({ request: 'search', error: event.error }) } },
            },
          },
          success: {},
          error: {},
        },
      },
      inquiry: {
        initial: 'idle',
        on: { NEW_INQUIRY: { target: '.idle', actions: assign({ inquiry: null, errors: ({ context }) => ({ ...context.errors, inquiry: undefined }) }) } },
        states: {
          idle: { on: { SEND_INQUIRY: 'loading' } },
          loading: {
            invoke: {
              src: 'inquiry',
              input: ({ event }) => ({ request: (event as Extract<HelpCentreEvent, { type: 'SEND_INQUIRY' }>).request }),
              onDone: { target: 'success', actions: assign({ inquiry: ({ event }) => event.output }) },
              onError: { target: 'error', actions: { type: 'failed', params: ({ event }) => ({ request: 'inquiry', error: event.error }) } },
            },
          },
          success: {},
          error: { on: { SEND_INQUIRY: 'loading' } },
        },
      },
    },
  });
}

export type HelpCentreMachine = ReturnType<typeof createHelpCentreMachine>;
export type HelpCentreActor = ActorRefFrom<HelpCentreMachine>;
export type HelpCentreSnapshot = SnapshotFrom<HelpCentreMachine>;

/** §4: each request's status, read from the machine's regions. */
export function helpStatuses(snapshot: HelpCentreSnapshot): Record<HelpRequest, FetchStatus> {
  const value = snapshot.value as Record<HelpRequest, FetchStatus>;
  return { categories: value.categories, articles: value.articles, search: value.search, tags: value.tags, inquiry: value.inquiry };
}

/**
 * §4: the combined status of the requests a screen shows: error if any is error, loading if any is idle or loading,
 * else success.
 * @example combinedStatus({ categories: 'success', articles: 'loading', tags: 'success' }) // 'loading'
 */
export function combinedStatus(statuses: Partial<Record<HelpRequest, FetchStatus>>): 'loading' | 'success' | 'error' {
  const all = Object.values(statuses);
  if (all.includes('error')) return 'error';
  if (all.includes('idle') || all.includes('loading')) return 'loading';
  return 'success';
}
