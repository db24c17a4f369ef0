import { waitFor } from 'xstate';
import type { CreateGift } from '../../shop/gifts/gift-page.tsx';
import { loadAppServices } from '../app-services.ts';
import { appSession, type Session } from '../session';

/** What the gift page asks of the server (spec 001 §7: POST v1/gifts/ with the gift form; returns pubkey). */
export interface GiftApi {
  createGift: CreateGift;
}

/**
 * A session to buy with: the shopper's, or for a first-time visitor a guest's (a guest may buy a gift card and become
 * a customer at the gifter's checkout, origin gift_card_gifter). As app/products/add-to-cart.ts does for a cart.
 */
async function ensureSession(session: Session): Promise<void> {
  const { actor, module } = await session.load();
  const settled = (s: ReturnType<typeof actor.getSnapshot>) => ['authenticated', 'not_authenticated', 'error'].includes(module.selectAuthStatus(s));
  if (module.selectAuthStatus(await waitFor(actor, settled)) === 'authenticated') return;
  actor.send({ type: 'GUEST' });
  const snapshot = await waitFor(actor, (s) => module.selectAuthStatus(s) !== 'loading' && settled(s));
  if (module.selectAuthStatus(snapshot) !== 'authenticated') throw snapshot.context.error ?? new Error('No session to buy the gift card with.');
}

/** The app's gift calls through its one API client (loaded on the first call, not with the page), in a session. */
export function createAppGiftApi(session: Session = appSession): GiftApi {
  return {
    createGift: async (request) => {
      const [{ api }] = await Promise.all([loadAppServices(), ensureSession(session)]);
      return api.createGift(request);
    },
  };
}

export const appGiftApi: GiftApi = createAppGiftApi();
