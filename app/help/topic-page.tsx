import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { combinedStatus } from '../../shop/help/help-centre-machine.ts';
import { searchTitle } from '../../shop/help/help-paths.ts';
import { HelpTopic, type HelpTopicContent } from '../../shop/help/help-topic.tsx';
import { articlesIn, categoryBySlug } from '../../shop/help/knowledge-base.ts';
import { useDocumentTitle, useHeadingFocus, useHelpCentre } from './use-help-centre.tsx';

/**
 * A topic, /faq/topics/{slug}, or a search, /faq/search?term= (spec 001 §2): a category's articles; a slug that names
 * no category, or a term, is searched for and titled 'Search results for "{term}"'. Leaving the page clears the search
 * (§4: back to idle, no results).
 */
export default function TopicPage() {
  const { slug } = useParams();
  const [params] = useSearchParams();
  const { actor, context, statuses, lists, retry } = useHelpCentre();
  const category = slug !== undefined && statuses.categories === 'success' ? categoryBySlug(context.categories, slug) : undefined;
  // What is searched: the term, or a slug once the categories show it names none.
  const term = slug === undefined ? (params.get('term') ?? '').trim() : statuses.categories === 'success' && !category ? slug : null;

  useEffect(() => {
    if (term === null) return;
    actor.send({ type: 'SEARCH', term });
  }, [actor, term]);
  useEffect(() => () => actor.send({ type: 'CLEAR_SEARCH' }), [actor]);

  const searched = term !== null && context.search.term === term;
  let status: 'loading' | 'success' | 'error';
  let content: HelpTopicContent | null = null;
  if (category) {
    status = lists;
    content = { kind: 'category', category, articles: articlesIn(context.articles, category) };
  } else if (term !== null) {
    status = term === '' ? 'success' : searched ? combinedStatus({ search: statuses.search }) : 'loading';
    content = { kind: 'search', term, hits: searched ? context.search.results : [] };
  } else status = statuses.categories === 'error' ? 'error' : 'loading';

  const title = category ? category.attributes.en_us.title : term !== null ? searchTitle(term) : 'Help centre';
  const heading = useHeadingFocus(category !== undefined || term !== null, `${slug}?${term}`);
  useDocumentTitle(title);
  const onRetry = () => (term !== null && statuses.search === 'error' ? actor.send({ type: 'SEARCH', term }) : retry());
  return <HelpTopic status={status} content={content} title={title} onRetry={onRetry} headingRef={heading} />;
}
