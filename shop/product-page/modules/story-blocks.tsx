import { useContext } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageFacts } from '../page-facts.ts';
import { discoverMore, productCard } from '../../catalog/assembly.ts';
import { ProductCard } from '../../collections/product-card.tsx';
import type { Product } from '#api';
import type { ModuleOf } from './module-types.ts';

type Image = { src: string; alt: string; width: number; height: number };
const Img = ({ image }: { image: Image }) => <img src={image.src} alt={image.alt} width={image.width} height={image.height} loading="lazy" decoding="async" />;

/** Results before and after (skincare; spec 001 §2 Product detail page, §9 "before-and-after after 4 weeks"). */
export function BeforeAfter({ module }: { module: ModuleOf<'before-after'> }) {
  return (
    <section className="pp-before-after">
      <h2>{module.title}</h2>
      <ul className="pp-cards">
        {module.pairs.map((pair) => (
          <li key={pair.label}>
            <figure>
              <div className="pp-before-after__pair">
                <Img image={pair.before} />
                <Img image={pair.after} />
              </div>
              <figcaption>{pair.label}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {module.disclaimer ? <p className="pp-disclaimer">{module.disclaimer}</p> : null}
    </section>
  );
}

/** The experts behind the formulas (skincare pages). */
export function Experts({ module }: { module: ModuleOf<'experts'> }) {
  return (
    <section className="pp-experts">
      <h2>{module.title}</h2>
      <ul className="pp-cards">
        {module.experts.map((expert) => (
          <li key={expert.name}>
            <Img image={expert.image} />
            <h3>{expert.name}</h3>
            <p className="pp-experts__role">{expert.role}</p>
            <blockquote>{expert.quote}</blockquote>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Customized for your skin" (spec 001 §3 Skincare persona card): a person, their skin and place, and what went into their formulas. */
export function Personas({ module }: { module: ModuleOf<'personas'> }) {
  return (
    <section className="pp-personas">
      <h2>{module.title}</h2>
      <ul className="pp-cards">
        {module.cards.map((card) => (
          <li key={card.name}>
            <h3>{card.name}</h3>
            <p>
              {card.age}, {card.zip}
            </p>
            <p>Concerns: {card.concerns.join(', ')}</p>
            <p>Environment: {card.environment}</p>
            <ul>
              {card.ingredients.map((ingredient) => (
                <li key={ingredient.label}>
                  <strong>{ingredient.label}</strong>: {ingredient.description}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The sustainability block (towel and candle pages): what the product is made of, with the two certification logos. */
export function Sustainability({ module }: { module: ModuleOf<'sustainability'> }) {
  return (
    <section className="pp-sustainability">
      <h2>{module.title}</h2>
      <p>{module.description}</p>
      {module.facts.length > 0 ? (
        <ul>
          {module.facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      ) : null}
      <ul className="pp-sustainability__logos">
        {module.logos.map((logo) => (
          <li key={logo.src}>
            <Img image={logo} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Make it yours" (brush page): the complimentary monogram. */
export function Monogram({ module }: { module: ModuleOf<'monogram'> }) {
  return (
    <section className="pp-monogram">
      <h2>{module.title}</h2>
      <p>{module.description}</p>
    </section>
  );
}

/** Figures in a row (skincare landing: 15m formula combinations, 80+ unique factors, ...). */
export function Metrics({ module }: { module: ModuleOf<'metrics'> }) {
  return (
    <section className="pp-metrics" aria-label={module.label}>
      <dl>
        {module.items.map((item) => (
          <div key={item.label}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * One hero per variant (the brush's bristles, the candle's fragrances): the one named by `?variant=<slug>` shows,
 * else the first by order; links switch between them (spec 001 §2: /products/brushes?variant={variantSlug}).
 */
export function VariantHeroes({ module }: { module: ModuleOf<'variant-heroes'> }) {
  const [search] = useSearchParams();
  const variants = [...module.variants].sort((a, b) => a.order - b.order);
  const chosen = variants.find((v) => v.slug === search.get('variant')) ?? variants[0]!;
  return (
    <section className="pp-variants" aria-labelledby="pp-variant-title">
      <nav aria-label={module.label}>
        <ul className="pp-variants__choices">
          {variants.map((v) => (
            <li key={v.slug}>
              <Link to={`?variant=${v.slug}`} replace aria-current={v === chosen ? 'true' : undefined}>
                {v.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h2 id="pp-variant-title">{chosen.title}</h2>
      <p>{chosen.description}</p>
      <Img image={chosen.image} />
    </section>
  );
}

/**
 * The skincare landing's call to action by the shopper's progress (spec 001 §2): completed -> order, to the skincare
 * cart, in words carrying the product's name; started -> "Finish your consultation"; nothing answered -> "Get your
 * formula"; both to the skincare consultation.
 */
export function SkincareCta({ module }: { module: ModuleOf<'skincare-cta'> }) {
  const { skincareConsultation } = useContext(PageFacts);
  const [label, to] =
    skincareConsultation === 'completed'
      ? [`Order your ${module.product}`, '/checkout/skincare']
      : skincareConsultation === 'started'
        ? ['Finish your consultation', '/consultation/skincare']
        : ['Get your formula', '/consultation/skincare'];
  return (
    <section className="pp-cta">
      <h2>{module.title}</h2>
      <Link className="button" to={to}>
        {label}
      </Link>
    </section>
  );
}

/** Cards of catalogue products, in the given order; nothing until the catalogue has loaded (the page shows without it). */
function ProductCards({ title, products }: { title: string; products: readonly Product[] }) {
  if (products.length === 0) return null;
  return (
    <section className="pp-products">
      <h2>{title}</h2>
      <ul className="product-grid">
        {products.map((p) => (
          <ProductCard key={p.type} card={productCard(p)} />
        ))}
      </ul>
    </section>
  );
}

/** "Complete your haircare routine" (spec 001 §2): the named products' cards. */
export function ProductCarousel({ module }: { module: ModuleOf<'product-carousel'> }) {
  const { products = [], current } = useContext(PageFacts);
  const byType = new Map(products.map((p) => [p.type, p]));
  const chosen = module.products.filter((type) => type !== current).flatMap((type) => byType.get(type) ?? []);
  return <ProductCards title={module.title} products={chosen} />;
}

/** "Discover more" (spec 001 §9 Catalogue assembly): allowed products, minus the excluded ones and the page's own. */
export function DiscoverMore({ module }: { module: ModuleOf<'discover-more'> }) {
  const { products = [], current } = useContext(PageFacts);
  return (
    <ProductCards title={module.title} products={discoverMore(products, { allowed: module.allowed, excluded: module.excluded, current: current ?? '' })} />
  );
}
