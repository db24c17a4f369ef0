import '../promotions/gwp.css';
import type { CartItem } from '#api';
import { ProductPicture } from '../../ui/product-picture.tsx';
import { CART_PICTURE_SIZE } from './cart-line.tsx';

/**
 * The cart's gift with purchase (spec 001 §3 Cart item category gwp): its picture and name, and "Free" for its price
 * (the server's 0). No controls: the server adds it while the cart qualifies and takes it away when it no longer does.
 */
export function GwpLine({ line }: { line: CartItem }) {
  const picture = line.item_object?.picture_name;
  return (
    <li className="cart-line cart-line--gwp" data-variant={line.offered_variant_type ?? undefined}>
      <div className="cart-line__picture">
        {picture ? <ProductPicture src={picture} alt="" width={CART_PICTURE_SIZE} height={CART_PICTURE_SIZE} sizes="(min-width: 48em) 7rem, 5rem" /> : null}
      </div>
      <div className="cart-line__about">
        <h3 className="cart-line__name">{line.label}</h3>
        <p className="cart-line__options">Gift with purchase</p>
      </div>
      <p className="cart-line__price">
        <span className="visually-hidden">Price: </span>
        <span className="cart-line__total gwp-line__free">Free</span>
      </p>
    </li>
  );
}
