import './product-card.css';
import { Link } from 'react-router';
import { ProductPicture } from '../../ui/product-picture.tsx';
import { formatMoney } from '../catalog/money.ts';
import type { ProductCard as Card } from '../catalog/assembly.ts';
import { productPreselectCta } from '../tracking/cta-attributes.ts';

/** The pictures' widths in the product grids (2 columns on a phone, 3 from 48em, 4 from 64em). */
export const CARD_SIZES = '(min-width: 64em) 22vw, (min-width: 48em) 30vw, 46vw';

/**
 * One product in a grid (spec 001 §3 Product card; ../shared/STOREFRONT.md Product card): its picture with a "Sold
 * out" badge on it, the name as the link (the whole card answers a click or a tap), what it is, the price with the
 * subscription price apart, each labelled for screen readers. A product without a page yet is shown, not linked.
 */
export function ProductCard({
  card,
  eager = false,
  id,
  headingLevel = 3,
}: {
  card: Card;
  /** The first row's pictures load at once; the others when scrolled near. */
  eager?: boolean;
  id?: string | undefined;
  /** The name's heading level under the grid's own heading (2 on a collection page, 3 under a section's h2). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const price = formatMoney(card.regularPrice, card.currency);
  const subscribed = card.isSubscribable && card.priceWithSubscription < card.regularPrice;
  return (
    <li className="product-card card" id={id} data-click-on-collection={card.dataClickOnCollection}>
      <div className="product-card__media">
        {card.picture ? (
          <ProductPicture
            src={card.picture.src}
            alt=""
            width={card.picture.width}
            height={card.picture.height}
            sizes={CARD_SIZES}
            loading={eager ? 'eager' : 'lazy'}
          />
        ) : null}
        {card.soldOut ? <span className="badge badge--sold-out product-card__badge">Sold out</span> : null}
        {!card.soldOut && card.tag === 'new' ? <span className="badge badge--accent product-card__badge">New</span> : null}
      </div>
      <Heading className="product-card__title">
        {card.pageUrl ? (
          <Link
            to={card.pageUrl}
            className="product-card__link"
            {...productPreselectCta({ product: card.slug, category: card.category, location: 'collection' })}
          >
            <span className="product-card__name">{card.label}</span>
          </Link>
        ) : (
          <span className="product-card__name">{card.label}</span>
        )}
      </Heading>
      {card.description ? <p className="product-card__description">{card.description}</p> : null}
      <p className="product-card__price">
        <span className="visually-hidden">{card.fromPrice ? 'Price from' : 'Regular price'}</span>
        <span className="product-card__amount">{card.fromPrice ? `From ${price}` : price}</span>
        {subscribed ? (
          <span className="product-card__subscription">
            <span className="visually-hidden">Subscription price</span> or {formatMoney(card.priceWithSubscription, card.currency)} with a subscription
          </span>
        ) : null}
      </p>
      {!card.pageUrl ? <p className="product-card__soon">Coming soon</p> : null}
    </li>
  );
}
