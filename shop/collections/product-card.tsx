import { formatMoney } from '../catalog/money.ts';
import { Link } from 'react-router';
import type { ProductCard as Card } from '../catalog/assembly.ts';

/**
 * One product in a collection (spec 001 §3 Product card): picture, name, price and, for a subscribable product, the
 * subscription price; a sold-out product says so. The whole card is one link to the product's page.
 */
export function ProductCard({ card }: { card: Card }) {
  const price = formatMoney(card.regularPrice, card.currency);
  const body = (
    <>
      {card.picture ? <img src={card.picture.src} alt="" width={card.picture.width} height={card.picture.height} loading="lazy" decoding="async" /> : null}
      <span className="product-card__name">
        {card.label}
        {card.tag === 'new' ? <span className="product-card__tag"> New</span> : null}
      </span>
      {card.description ? <span className="product-card__description">{card.description}</span> : null}
      <span className="product-card__price">
        {card.fromPrice ? `From ${price}` : price}
        {card.isSubscribable && card.priceWithSubscription < card.regularPrice ? (
          <span className="product-card__subscription"> or {formatMoney(card.priceWithSubscription, card.currency)} with a subscription</span>
        ) : null}
      </span>
      {card.soldOut ? <span className="product-card__sold-out">Sold out</span> : null}
    </>
  );
  return (
    <li className="product-card" data-click-on-collection={card.dataClickOnCollection}>
      {card.pageUrl ? (
        <Link to={card.pageUrl} className="product-card__link">
          {body}
        </Link>
      ) : (
        <div className="product-card__link">{body}</div>
      )}
    </li>
  );
}
