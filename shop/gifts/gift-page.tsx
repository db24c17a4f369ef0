import type { Ref } from 'react';
import { Link } from 'react-router';
import { LandingHero } from '../../ui/landing-hero.tsx';
import { NumberedSteps } from '../../ui/numbered-steps.tsx';
import type { GiftContent } from '../content/site-schema.ts';
import { RichText } from '../product-page/modules/rich-text.tsx';
import type { GiftForm } from './gift-form.ts';
import type { GiftFormState } from './gift-form.ts';
import { GiftFormView } from './gift-form-view.tsx';
import type { GiftAmount } from './gift-rules.ts';
import './gift.css';

/** Creates the gift (POST /v1/gifts/): its pubkey, or an ApiError (`fields` on a 400). */
export type CreateGift = (request: GiftForm & { amount: GiftAmount }) => Promise<{ pubkey: string }>;

/**
 * The gift card page, /gift (spec 001 §2 "Gift card landing page"): the hero, how it works, "Choose your gift amount"
 * (what a gift card buys, then the form), press quotes and the FAQ. Every word but the form's is content
 * (shop/content/site/gift.yaml).
 */
export function GiftPage({
  content,
  today,
  createGift,
  onCreated,
  initial,
  headingRef,
}: {
  content: GiftContent;
  today: string;
  createGift: CreateGift;
  onCreated(pubkey: string): void;
  initial?: GiftFormState;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { hero, steps, amounts, press, faq } = content;
  return (
    <div className="landing gift">
      <LandingHero page="gift" hero={hero} headingRef={headingRef}>
        <a className="button button--primary" href="#gift-amounts">
          {hero.cta}
        </a>
      </LandingHero>

      <NumberedSteps id="gift-steps" title={steps.title} steps={steps.items} />

      <section id="gift-amounts" className="landing-section" aria-labelledby="gift-amounts-title" tabIndex={-1}>
        <h2 id="gift-amounts-title">{amounts.title}</h2>
        <p className="gift-section__lead">{amounts.text}</p>
        <GiftFormView
          content={content}
          today={today}
          createGift={createGift}
          onCreated={onCreated}
          initial={initial}
          aside={
            <ul className="landing-list gift-buys">
              {amounts.buys.map((item) => (
                <li key={item.link.to} className="gift-buy">
                  <img src={item.picture.src} alt={item.picture.alt} width={item.picture.width} height={item.picture.height} loading="lazy" decoding="async" />
                  <div>
                    <h3>{item.title}</h3>
                    <p>{item.text}</p>
                    <Link to={item.link.to}>{item.link.label}</Link>
                  </div>
                </li>
              ))}
            </ul>
          }
        />
      </section>

      <section className="landing-section" aria-labelledby="gift-press">
        <h2 id="gift-press">{press.title}</h2>
        <ul className="landing-list gift-press">
          {press.quotes.map((q) => (
            <li key={q.source}>
              <figure>
                <blockquote>{q.quote}</blockquote>
                <figcaption>{q.source}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing-section gift-faq" aria-labelledby="gift-faq">
        <h2 id="gift-faq">{faq.title}</h2>
        {faq.questions.map((q) => (
          <details key={q.question}>
            <summary>{q.question}</summary>
            <p>
              <RichText text={q.answer} />
            </p>
          </details>
        ))}
      </section>
    </div>
  );
}
