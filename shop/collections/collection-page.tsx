import './collections.css';
import { Link } from 'react-router';
import type { Product } from '#api';
import { collectionEntries, type CollectionName } from '../catalog/assembly.ts';
import { ProductCard } from './product-card.tsx';

/** Each collection's heading and introduction. */
export const COLLECTION_TEXT: Record<CollectionName, { title: string; intro: string }> = {
  haircare: {
    title: 'Custom haircare',
    intro: 'Shampoo, conditioner, treatments, styling and supplements, each formulated from your consultation.',
  },
  skincare: { title: 'Custom skincare', intro: 'Cleanser, serum and moisturizer, formulated for your skin and where you live.' },
  accessories: { title: 'Accessories', intro: 'Tools and treats to go with your routine, and gifts for someone you love.' },
};

/** The promotional card in the haircare collection (spec 001 §2 Collections: right after scalp_serum). */
function PromotionCard() {
  return (
    <li className="product-card product-card--promotion">
      <div className="product-card__link">
        <span className="product-card__name">Not sure where to start?</span>
        <span className="product-card__description">Our consultation looks at 85+ factors to build your routine.</span>
        <Link className="button-link" to="/consultation/haircare">
          Start your consultation
        </Link>
      </div>
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
      <p>{text.intro}</p>
      <ul className="collection__grid">
        {entries.map((entry) => (entry.kind === 'promotion' ? <PromotionCard key="promotion" /> : <ProductCard key={entry.card.slug} card={entry.card} />))}
      </ul>
      <nav aria-label="Other collections" className="collection__others">
        {(Object.keys(COLLECTION_TEXT) as CollectionName[])
          .filter((name) => name !== collection)
          .map((name) => (
            <Link key={name} to={`/collections/${name}`}>
              {COLLECTION_TEXT[name].title}
            </Link>
          ))}
      </nav>
    </section>
  );
}
