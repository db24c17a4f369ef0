import type { Ref } from 'react';
import { Link } from 'react-router';
import type { HelpArticle, KbCategory } from '#api';
import { ArticleList, HelpBreadcrumb, HelpError, HelpLoading, StillNeedHelp } from './help-parts.tsx';
import { helpPaths } from './help-paths.ts';
import './help.css';

/**
 * /faq/{articleId} (spec 001 §2): the article under its category's breadcrumb, its body in a typographic "prose"
 * column, then "Still need help? Contact us" and articles to read next. The body is HTML the server made from
 * Markdown and sanitised (no script, no event attributes, no javascript: URLs; server/help/README.md). An unknown,
 * draft or deleted article (§5) is a friendly not-found.
 */
export function HelpArticlePage({
  status,
  article,
  category,
  related,
  onRetry,
  headingRef,
}: {
  status: 'loading' | 'success' | 'error';
  /** null once loaded: no such article shown. */
  article: HelpArticle | null;
  category: KbCategory | undefined;
  related: readonly HelpArticle[];
  onRetry(): void;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  if (status !== 'success')
    return (
      <div className="help page">
        <HelpBreadcrumb trail={[]} />
        {status === 'loading' ? <HelpLoading>Loading the article…</HelpLoading> : <HelpError onRetry={onRetry}>We couldn't load this article.</HelpError>}
      </div>
    );
  if (!article)
    return (
      <div className="help page">
        <HelpBreadcrumb trail={[]} />
        <h1 ref={headingRef} tabIndex={-1} className="help-title">
          We couldn't find that article
        </h1>
        <p>It may have moved or been retired. Search the help centre, or ask us directly.</p>
        <p className="help-actions">
          <Link className="button button--primary" to={helpPaths.home}>
            Go to the help centre
          </Link>
          <Link className="button button--secondary" to={helpPaths.contact}>
            Contact us
          </Link>
        </p>
      </div>
    );
  const topic = category?.attributes.en_us;
  return (
    <div className="help page">
      <HelpBreadcrumb trail={topic ? [{ label: topic.title, to: helpPaths.topic(topic.slug) }, { label: article.title }] : [{ label: article.title }]} />
      <div className="help-layout">
        <article className="help-layout__main help-article" aria-labelledby="help-article-title">
          <h1 id="help-article-title" ref={headingRef} tabIndex={-1} className="help-title">
            {article.title}
          </h1>
          {/* Sanitised by the server when the knowledge base is built (server/help/README.md). */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: article.htmlBody }} />
        </article>
        <div className="help-layout__aside">
          <StillNeedHelp />
          {related.length > 0 ? (
            <section className="help-related" aria-labelledby="help-related-title">
              <h2 id="help-related-title">Related articles</h2>
              <ArticleList articles={related} />
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}
