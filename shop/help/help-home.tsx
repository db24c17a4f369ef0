import type { Ref } from 'react';
import { Link } from 'react-router';
import type { HelpArticle, KbCategory } from '#api';
import { ArticleList, HelpError, HelpLoading, HelpSearchForm } from './help-parts.tsx';
import { contactUsEntry, helpPaths } from './help-paths.ts';
import './help.css';

/**
 * /faq (spec 001 §2 "Help centre"): the search field, the categories (title and description) plus the extra "Contact
 * Us" entry, and the popular articles (tag popular). `status` is §4's combined status of the three lists.
 */
export function HelpHome({
  status,
  categories,
  popular,
  onRetry,
  headingRef,
}: {
  status: 'loading' | 'success' | 'error';
  categories: readonly KbCategory[];
  popular: readonly HelpArticle[];
  onRetry(): void;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="help page">
      <header className="help-hero">
        <h1 ref={headingRef} tabIndex={-1}>
          How can we help?
        </h1>
        <p className="help-hero__lead">Answers about your orders, subscriptions and formulas, from our team of Pros.</p>
        <HelpSearchForm />
      </header>
      {status === 'loading' ? <HelpLoading /> : null}
      {status === 'error' ? <HelpError onRetry={onRetry} /> : null}
      {status === 'success' ? (
        <>
          <section className="help-section" aria-labelledby="help-topics-title">
            <h2 id="help-topics-title">Browse by topic</h2>
            <ul className="help-topics">
              {categories.map(({ id, attributes: { en_us: c } }) => (
                <li key={id} className="help-topic card">
                  <Link to={helpPaths.topic(c.slug)} className="help-topic__link">
                    {c.title}
                  </Link>
                  <p>{c.description}</p>
                </li>
              ))}
              <li className="help-topic help-topic--contact card">
                <Link to={helpPaths.contact} className="help-topic__link">
                  {contactUsEntry.title}
                </Link>
                <p>{contactUsEntry.description}</p>
              </li>
            </ul>
          </section>
          {popular.length > 0 ? (
            <section className="help-section" aria-labelledby="help-popular-title">
              <h2 id="help-popular-title">Popular questions</h2>
              <ArticleList articles={popular} />
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
