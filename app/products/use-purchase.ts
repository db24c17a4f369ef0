import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { Product } from '#api';
import type { Purchase, PurchaseAccess } from '../../shop/product-page/buy-box.tsx';
import { useSession } from '../session';

/** The add-to-cart code (the cart machine, xstate) loads when the shopper first adds, not with the page. */
const cartCode = () => import('./add-to-cart.ts');

/**
 * Who may buy `product` from its page (spec 001 §5: candles and the towel need an account and a completed haircare
 * consultation; anything else anyone, a first-time visitor as a guest), from the session the page already has.
 */
export function purchaseAccess(
  product: Pick<Product, 'needs_haircare_consultation'>,
  session: { settled: boolean; status: string; user: { is_guest: boolean; consultation_statuses: { haircare: string } } | null },
): PurchaseAccess {
  if (!product.needs_haircare_consultation) return 'allowed';
  if (!session.settled) return 'checking';
  if (session.status !== 'authenticated' || !session.user || session.user.is_guest) return 'sign-in';
  return session.user.consultation_statuses.haircare === 'completed' ? 'allowed' : 'consultation';
}

/** The product page's buy box facts (shop/product-page/buy-box.tsx): access, adding through the cart machine, checkout. */
export function usePurchase(product: Product | undefined): Purchase | undefined {
  const session = useSession();
  const navigate = useNavigate();
  const access = product ? purchaseAccess(product, session) : 'checking';
  return useMemo(
    () =>
      product && !product.is_custom
        ? {
            access,
            cartPath: '/checkout/haircare',
            add: async (request) => (await cartCode()).addToCart(request),
            checkout: async () => {
              const ok = await (await cartCode()).checkoutFromPage();
              // The checkout continues from the cart, at its first step (flows/checkout).
              if (ok) void navigate('/checkout/haircare/account-details');
              return ok;
            },
          }
        : undefined,
    [product, access, navigate],
  );
}
