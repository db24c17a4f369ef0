import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { HelpArticle, KbSearchHit } from '#api';
import { SEARCH_TERM_MAX } from './help-limits.ts';
import { Notice } from '../../ui/notice.tsx';
import { helpPaths } from './help-paths.ts';

/**
 * The help centre's search field (a native, labelled input in a search landmark). It works without script too: a GET
 * form to /faq/search; with script it navigates in the app. The term is text, never markup (React escapes it).
 */
export function HelpSearchForm({ term = '', id = 'help-search' }: { term?: string; id?: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(term);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    void navigate(trimmed ? helpPaths.search(trimmed) : helpPaths.home);
  };
  return (
    <form role="search" className="help-search" action={helpPaths.home + '/search'} method="get" onSubmit={submit}>
      <label className="field__label" htmlFor={id}>
        Search the help centre
      </label>
      <div className="help-search__row">
        <input
          id={id}
          className="field__input"
          type="search"
          name="term"
          value={value}
          maxLength={SEARCH_TERM_MAX}
          autoComplete="off"
          enterKeyHint="search"
          placeholder="Shipping, shampoo, subscription…"
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </div>
    </form>
  );
}

/** A list of articles to open (title as the link; a search hit's passage under it). */
export function ArticleList({ articles, label }: { articles: readonly (HelpArticle | KbSearchHit)[]; label?: string }) {
  return (
    <ul className="help-list" aria-label={label}>
      {articles.map((article) => {
        const title = 'attributes' in article ? article.attributes.title : article.title;
        const snippet = 'attributes' in article ? article.attributes.snippet : null;
        return (
          <li key={article.id} className="help-list__item">
            <Link to={helpPaths.article(article.id)} className="help-list__link">
              {title}
            </Link>
            {snippet ? <p className="help-list__snippet">{snippet}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** "Still need help?": the way to a person, under every list and article. */
export function StillNeedHelp() {
  return (
    <aside className="help-contact card" aria-labelledby="help-contact-title">
      <h2 id="help-contact-title">Still need help?</h2>
      <p>Our team of Pros answers every message within one business day.</p>
      <Link className="button button--secondary" to={helpPaths.contact}>
        Contact us
      </Link>
    </aside>
  );
}

/** While the knowledge base loads: the page keeps its height (no layout shift when it arrives). */
export function HelpLoading({ children = 'Loading the help centre…' }: { children?: ReactNode }) {
  return (
    <div className="help-status" role="status" aria-live="polite">
      <span className="button__spinner help-status__spinner" aria-hidden="true" />
      {children}
    </div>
  );
}

/** §4 combined status error: what failed, and a way to try again. */
export function HelpError({ onRetry, children = "We couldn't load the help centre." }: { onRetry(): void; children?: ReactNode }) {
  return (
    <Notice tone="error">
      <p className="help-error__text">{children} Check your connection and try again.</p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        Try again
      </button>
    </Notice>
  );
}

/** The trail from the help centre's home to where the shopper is (the last item is the current page, not a link). */
export function HelpBreadcrumb({ trail }: { trail: readonly { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="help-breadcrumb">
      <ol>
        <li>
          <Link to={helpPaths.home}>Help centre</Link>
        </li>
        {trail.map((item) => (
          <li key={item.label} className={item.to ? undefined : 'help-breadcrumb__current'}>
            {item.to ? <Link to={item.to}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
