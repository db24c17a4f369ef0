import type { CreateGift } from '../../shop/gifts/gift-page.tsx';
import { loadAppServices } from '../app-services.ts';
import { appSession, type Session } from '../session';
import { requireSession } from '../session/ensure-session.ts';

/** What the gift page asks of the server (spec 001 §7: POST v1/gifts/ with the gift form; returns pubkey). */
export interface GiftApi {
  createGift: CreateGift;
}

/** The app's gift calls through its one API client (loaded on the first call, not with the page), in a session. */
export function createAppGiftApi(session: Session = appSession): GiftApi {
  return {
    createGift: async (request) => {
      const [{ api }] = await Promise.all([loadAppServices(), requireSession(session, 'No session to buy the gift card with.')]);
      return api.createGift(request);
    },
  };
}

export const appGiftApi: GiftApi = createAppGiftApi();
