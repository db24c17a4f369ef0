import type { Ref } from 'react';
import { Link } from 'react-router';
import type { HelpArticle, KbCategory, KbSearchHit } from '#api';
import { ArticleList, HelpBreadcrumb, HelpError, HelpLoading, HelpSearchForm, StillNeedHelp } from './help-parts.tsx';
import { helpPaths } from './help-paths.ts';
import './help.css';

/** What a topic page lists: a category's articles, or a search's hits. */
export type HelpTopicContent =
  { kind: 'category'; category: KbCategory; articles: readonly HelpArticle[] } | { kind: 'search'; term: string; hits: readonly KbSearchHit[] };

/**
 * A topic page (spec 001 §2 "Article lists per topic and search results"): a category's articles under its title, or
 * a search's hits under 'Search results for "{term}"' (a topic that matches no category is a search for it). The
 * search term is text: React escapes it everywhere it shows. Below 1024 px the aside (search again, "Still need
 * help?") comes under the list, so it waits for the list (help.css `.help-layout--loading`): drawn under "Searching…"
 * and then pushed down by the hits, it was a layout shift of 0.02 to 0.34 at 390 px (by the screen's height).
 */
export function HelpTopic({
  status,
  content,
  title,
  onRetry,
  headingRef,
}: {
  status: 'loading' | 'success' | 'error';
  /** Known once loaded. */
  content: HelpTopicContent | null;
  /** The page's title, known before its list (a search's), or while it loads. */
  title: string;
  onRetry(): void;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const term = content?.kind === 'search' ? content.term : undefined;
  return (
    <div className="help page">
      <HelpBreadcrumb trail={[{ label: title }]} />
      <h1 ref={headingRef} tabIndex={-1} className="help-title">
        {title}
      </h1>
      {content?.kind === 'category' ? <p className="help-hero__lead">{content.category.attributes.en_us.description}</p> : null}
      <div className={`help-layout${status === 'loading' ? ' help-layout--loading' : ''}`}>
        <div className="help-layout__main">
          {status === 'loading' ? <HelpLoading>{term !== undefined ? 'Searching…' : undefined}</HelpLoading> : null}
          {status === 'error' ? <HelpError onRetry={onRetry}>{term !== undefined ? "We couldn't search the help centre." : undefined}</HelpError> : null}
          {status === 'success' && content ? <TopicList content={content} /> : null}
        </div>
        <div className="help-layout__aside">
          <HelpSearchForm key={term ?? ''} term={term} id="help-search-aside" />
          <StillNeedHelp />
        </div>
      </div>
    </div>
  );
}

function TopicList({ content }: { content: HelpTopicContent }) {
  if (content.kind === 'category')
    return content.articles.length > 0 ? (
      <ArticleList articles={content.articles} label={`Articles about ${content.category.attributes.en_us.title}`} />
    ) : (
      <p>There are no articles on this topic yet.</p>
    );
  if (content.hits.length > 0)
    return (
      <>
        <p className="help-count" role="status">
          {content.hits.length === 1 ? '1 article' : `${content.hits.length} articles`} found
        </p>
        <ArticleList articles={content.hits} label="Search results" />
      </>
    );
  return (
    <div className="help-empty" role="status">
      <h2>No articles match "{content.term}"</h2>
      <p>Try fewer or other words, such as "shipping" or "shampoo", or browse the topics.</p>
      <p>
        <Link to={helpPaths.home}>Browse all topics</Link>
      </p>
    </div>
  );
}
