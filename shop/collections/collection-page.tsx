import './collections.css';
import { Link } from 'react-router';
import type { Product } from '#api';
import { collectionEntries, type CollectionName } from '../catalog/assembly.ts';
import { ProductCard } from './product-card.tsx';

/** Each collection's heading, introduction and document title. */
export const COLLECTION_TEXT: Record<CollectionName, { title: string; intro: string }> = {
  haircare: {
    title: 'Custom haircare',
    intro: 'Shampoo, conditioner, treatments, styling and supplements, each formulated from your consultation.',
  },
  skincare: { title: 'Custom skincare', intro: 'Cleanser, serum and moisturizer, formulated for your skin and where you live.' },
  accessories: { title: 'Accessories', intro: 'Tools and treats to go with your routine, and gifts for someone you love.' },
};

/** The browser tab's title of a collection: "Custom skincare | Formulary". */
export const collectionDocumentTitle = (collection: CollectionName): string => `${COLLECTION_TEXT[collection].title} | Formulary`;

/** The promotional card in the haircare collection (spec 001 §2 Collections: right after scalp_serum). */
function PromotionCard() {
  return (
    <li className="product-card card collection__promotion">
      <h2 className="product-card__title">Not sure where to start?</h2>
      <p className="product-card__description">Our consultation looks at 85+ factors to build your routine.</p>
      <Link className="button button--primary button--small" to="/consultation/haircare">
        Start your consultation
      </Link>
    </li>
  );
}

/** A collection page (spec 001 §2 Collections): its heading, then its cards in the catalogue's order. */
export function CollectionPage({
  collection,
  products,
  headingRef,
}: {
  collection: CollectionName;
  products: readonly Product[];
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const text = COLLECTION_TEXT[collection];
  const entries = collectionEntries(collection, products);
  return (
    <section className="collection" aria-labelledby="collection-title">
      <h1 id="collection-title" ref={headingRef} tabIndex={-1}>
        {text.title}
      </h1>
      <p className="collection__intro">{text.intro}</p>
      <ul className="product-grid">
        {entries.map((entry, i) =>
          entry.kind === 'promotion' ? (
            <PromotionCard key="promotion" />
          ) : (
            <ProductCard
              key={entry.card.slug}
              card={entry.card}
              headingLevel={2}
              eager={i < 4}
              // A link to the gift card in the collection (/collections/accessories#gifts).
              id={entry.card.slug === 'digital_gift' ? 'gifts' : undefined}
            />
          ),
        )}
      </ul>
      <nav aria-label="Other collections" className="collection__others">
        <h2 className="collection__others-title">More to explore</h2>
        <ul>
          {(Object.keys(COLLECTION_TEXT) as CollectionName[])
            .filter((name) => name !== collection)
            .map((name) => (
              <li key={name}>
                <Link className="button button--secondary" to={`/collections/${name}`}>
                  {COLLECTION_TEXT[name].title}
                </Link>
              </li>
            ))}
        </ul>
      </nav>
    </section>
  );
}
