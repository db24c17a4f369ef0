import type { Subscription, UpsellOffer, User } from '#api';
import { asksForUpsell, loadUpsell, recordMissingConsultation, UPSELL_KINDS, type UpsellKind } from '../../shop/account/upsells';
import type { UpsellActions } from '../../shop/account/upsell-offer';
import { loadAppServices } from '../app-services';
import { reportError } from '../report-error';
import { useLoad } from '../use-load';

/** One upsell's state: `offer` null when there is none (or it was not asked for, §4 "a skipped condition counts as success"). */
export type UpsellState =
  | { kind: UpsellKind; status: 'loading' }
  | { kind: UpsellKind; status: 'success'; offer: UpsellOffer | null }
  | { kind: UpsellKind; status: 'error'; message: string; retry(): void };

function useUpsell(user: User, kind: UpsellKind): UpsellState {
  const asks = asksForUpsell(user, kind);
  const load = useLoad(
    async () => {
      const { api } = await loadAppServices();
      try {
        return await loadUpsell(api, kind);
      } catch (error) {
        reportError(`account overview: upsell ${kind.key}`, error);
        throw error;
      }
    },
    [kind],
    { enabled: asks },
  );
  if (!asks) return { kind, status: 'success', offer: null };
  if (load.status === 'success') return { kind, status: 'success', offer: load.value };
  if (load.status === 'error')
    return { kind, status: 'error', message: load.error instanceof Error ? load.error.message : String(load.error), retry: load.retry };
  return { kind, status: 'loading' };
}

/** The overview's three upsells (spec 001 §4 Upsells), each loading on its own. */
export function useUpsells(user: User): UpsellState[] {
  return [useUpsell(user, UPSELL_KINDS[0]), useUpsell(user, UPSELL_KINDS[1]), useUpsell(user, UPSELL_KINDS[2])];
}

/** The words when the shopper has nothing to charge or ship to yet. */
export const NEEDS_CARD_AND_ADDRESS = 'To subscribe, save a card and an address first: they are kept when you check out.';

/**
 * What an offer's card does (spec 001 §4 Upsells, §7 preview-upsell and add-products): the preview of its charges, and
 * adding its products with the card and address of the shopper's current subscription, else their default card and
 * primary address. `added` is told the category once the products are added.
 */
export function upsellActions(
  offer: UpsellOffer,
  key: UpsellKind['key'],
  subscriptions: readonly Subscription[] | null,
  added: (category: string) => void,
): UpsellActions {
  const regular_products = offer.products.map(({ type, quantity, frequency }) => ({ type, quantity, frequency }));
  return {
    missingConsultation: () => recordMissingConsultation(key),
    preview: async () => {
      const { api } = await loadAppServices();
      return api.previewUpsell({ regular_products, next_start: offer.next_start, transaction_id: offer.transaction_id });
    },
    confirm: async () => {
      const { api } = await loadAppServices();
      const current = subscriptions?.find((s) => (s.status === 'active' || s.status === 'onhold') && s.payment_source && s.shipping_address);
      let payment_source = current?.payment_source ?? null;
      let shipping_address = current?.shipping_address ?? null;
      if (!payment_source || !shipping_address) {
        const [methods, addresses] = await Promise.all([api.listPaymentMethods('all'), api.getAddresses()]);
        payment_source = methods.find((m) => m.is_default)?.id ?? methods[0]?.id ?? null;
        shipping_address = addresses.find((a) => a.primary)?.pubkey ?? addresses[0]?.pubkey ?? null;
      }
      if (!payment_source || !shipping_address) throw new Error(NEEDS_CARD_AND_ADDRESS);
      await api.addProductsToSubscription({
        transaction_id: offer.transaction_id,
        regular_products,
        payment_source,
        next_start: offer.next_start,
        shipping_address,
      });
      added(offer.category);
    },
  };
}
