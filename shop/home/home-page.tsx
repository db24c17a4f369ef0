import type { Ref } from 'react';
import { Link } from 'react-router';
import { LandingHero } from '../../ui/landing-hero.tsx';
import { NumberedSteps } from '../../ui/numbered-steps.tsx';
import type { HomeContent } from '../content/site-schema.ts';
import './home.css';

/** A collection's "from" price as the shopper reads it ("From $28"), or null until the catalogue has answered. */
export type FromPrices = Partial<Record<HomeContent['collections']['items'][number]['collection'], string>>;

/**
 * The home page (issue 25): what the shop does, how (consultation, formula, delivery, review & refine), the three
 * collections with their pictures and "from" prices, the guarantee, what customers say, and the consultation's call to
 * action. Every word is content (shop/content/site/home.yaml); the prices are the server's catalogue, drawn in a box
 * that keeps its size while they load.
 */
export function HomePage({
  content,
  fromPrices,
  headingRef,
  holiday = false,
}: {
  content: HomeContent;
  fromPrices: FromPrices;
  headingRef?: Ref<HTMLHeadingElement>;
  /** The holiday-exclusive-hero flag (spec 001 §9 Feature flags): the content's holiday hero, when it has one, replaces the hero. */
  holiday?: boolean;
}) {
  const { steps, collections, guarantee, reviews, cta } = content;
  const hero = holiday && content.holidayHero ? content.holidayHero : content.hero;
  return (
    <div className="landing">
      <LandingHero page="home" hero={hero} headingRef={headingRef}>
        <div className="home-hero__actions">
          <Link className="button button--primary" to={hero.cta.to}>
            {hero.cta.label}
          </Link>
          {hero.secondary ? (
            <Link className="button button--secondary" to={hero.secondary.to}>
              {hero.secondary.label}
            </Link>
          ) : null}
        </div>
      </LandingHero>

      <NumberedSteps id="home-steps" title={steps.title} steps={steps.items} />

      <section className="landing-section" aria-labelledby="home-collections">
        <h2 id="home-collections">{collections.title}</h2>
        <ul className="landing-list home-collections">
          {collections.items.map((item) => (
            <li key={item.collection} className="card home-collection">
              <img src={item.picture.src} alt={item.picture.alt} width={item.picture.width} height={item.picture.height} loading="lazy" decoding="async" />
              <h3>
                <Link className="home-collection__link" to={`/collections/${item.collection}`}>
                  {item.title}
                </Link>
              </h3>
              <p>{item.text}</p>
              <p className="home-collection__price">{fromPrices[item.collection] ? `From ${fromPrices[item.collection]}` : '\u00a0'}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-section home-guarantee" aria-labelledby="home-guarantee">
        <h2 id="home-guarantee">{guarantee.title}</h2>
        <p>{guarantee.text}</p>
        <Link to={guarantee.link.to}>{guarantee.link.label}</Link>
      </section>

      <section className="landing-section" aria-labelledby="home-reviews">
        <h2 id="home-reviews">{reviews.title}</h2>
        <ul className="landing-list home-reviews">
          {reviews.reviews.map((review) => (
            <li key={`${review.name}-${review.date}`} className="card">
              <p className="home-reviews__stars" role="img" aria-label={`${review.stars} out of 5 stars`}>
                {'★'.repeat(review.stars)}
                <span aria-hidden="true" className="home-reviews__unlit">
                  {'★'.repeat(5 - review.stars)}
                </span>
              </p>
              <blockquote>{review.text}</blockquote>
              <p className="home-reviews__who">
                {review.name}, {review.location}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-section home-cta" aria-labelledby="home-cta">
        <h2 id="home-cta">{cta.title}</h2>
        <p>{cta.text}</p>
        <Link className="button button--primary" to={cta.link.to}>
          {cta.link.label}
        </Link>
      </section>
    </div>
  );
}
