import { useEffect } from 'react';
import { Link } from 'react-router';
import type { HelpContent } from '../../shop/content/site-schema';
import { usePageHeadingFocus } from './use-page-heading-focus';
import { useHashTarget } from './use-hash-target';
import '../styles/help-page.css';

// The help page's checked content (shop/content/site/help.yaml), compiled at build time.
const content = Object.values(import.meta.glob<HelpContent>('../../shop/content/site/help.yaml', { import: 'default', eager: true }))[0]!;

/**
 * /help: shipping, the guarantee, subscriptions, ingredients, returns and how to reach customer care, as content. The
 * header's menu and the footer link here (the footer to #shipping, #guarantee and #contact); a link to a section
 * shows that section.
 */
export default function HelpPage() {
  const heading = usePageHeadingFocus();
  useHashTarget();
  useEffect(() => {
    document.title = `${content.title} | Formulary`;
  }, []);
  return (
    <article className="page page--narrow help-page">
      <h1 ref={heading} tabIndex={-1}>
        {content.title}
      </h1>
      <p>{content.intro}</p>
      <nav aria-label="On this page">
        <ul className="help-page__toc">
          {content.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {content.sections.map((section) => (
        <section key={section.id} id={section.id} tabIndex={-1} aria-labelledby={`${section.id}-title`} className="help-page__section">
          <h2 id={`${section.id}-title`}>{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.link ? (
            <p>
              <Link to={section.link.to}>{section.link.label}</Link>
            </p>
          ) : null}
        </section>
      ))}
    </article>
  );
}
