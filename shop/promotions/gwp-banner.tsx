import './gwp.css';
import { useId } from 'react';
import type { Cart, PromotionalGift } from '#api';
import { ProductPicture } from '../../ui/product-picture.tsx';
import { formatMoney } from '../catalog/money.ts';

/** The promotions' pictures are the catalogue's card pictures, drawn square (600 × 600). */
const PICTURE_SIZE = 600;

const CATEGORY_WORDS: Record<PromotionalGift['category'], string> = {
  haircare: 'haircare',
  skincare: 'skincare',
  accessories: 'accessories',
  any: 'products',
};

export interface GwpBannerProps {
  /** The gifts running now for the shopper (the gift list, GET /v1/promotional_gift). */
  gifts: readonly PromotionalGift[];
  /** The cart the banner stands over: its gwp line says the gift is in; null: no cart yet. */
  cart: Cart | null;
  /** The cart's category (haircare, skincare), or undefined for the universal cart: a gift for another category is not shown. */
  category?: 'haircare' | 'skincare' | undefined;
}

/** The gift the banner is about: the one in the cart when it has a banner, else the first with a banner for this cart. */
export function bannerGift(gifts: readonly PromotionalGift[], cart: Cart | null, category?: 'haircare' | 'skincare'): PromotionalGift | null {
  const inCart = cart?.items.find((item) => item.category === 'gwp')?.offered_variant_type ?? null;
  const shown = gifts.filter((g) => g.should_show_banner);
  if (inCart) {
    const gift = gifts.find((g) => g.offered_variant_type === inCart);
    return gift && gift.should_show_banner ? gift : null;
  }
  return shown.find((g) => !category || g.category === 'any' || g.category === category || g.category === 'accessories') ?? null;
}

/** What the cart needs to get the gift, in the server's figures: "$65 or more of haircare, with a subscription". */
function conditions(gift: PromotionalGift): string {
  const what = CATEGORY_WORDS[gift.category];
  const amount = gift.minimum !== null ? `${formatMoney(gift.minimum, gift.currency)} or more of ${what}` : `any ${what === 'products' ? 'product' : what}`;
  return `Add ${amount}${gift.subscription_only ? ' on a subscription' : ''} to your cart and it is yours, free.`;
}

/**
 * The gift-with-purchase banner (spec 001 §3 Promotional gift should_show_banner, §7): the promotion's words and
 * the free item's picture and name, and whether the cart has it ("In your cart") or what it takes, in the server's
 * figures. Nothing when no gift running now has a banner for this cart (§5's shoppers get none from the server).
 */
export function GwpBanner({ gifts, cart, category }: GwpBannerProps) {
  const id = useId();
  const gift = bannerGift(gifts, cart, category);
  if (!gift) return null;
  const inCart = cart?.items.some((item) => item.category === 'gwp' && item.offered_variant_type === gift.offered_variant_type) ?? false;
  return (
    <aside className={`gwp-banner${inCart ? ' gwp-banner--in' : ''}`} aria-labelledby={`${id}-title`} data-variant={gift.offered_variant_type}>
      {gift.item.picture ? (
        <ProductPicture className="gwp-banner__picture" src={gift.item.picture} alt="" width={PICTURE_SIZE} height={PICTURE_SIZE} sizes="4.5rem" />
      ) : null}
      <div className="gwp-banner__text">
        <p id={`${id}-title`} className="gwp-banner__title">
          {gift.banner}
        </p>
        <p className="gwp-banner__status">
          {inCart ? (
            <>
              <span className="gwp-banner__badge">In your cart</span> Your free {gift.item.label} ships with this order.
            </>
          ) : (
            <>
              Free gift: {gift.item.label}. {conditions(gift)}
            </>
          )}
        </p>
      </div>
    </aside>
  );
}
