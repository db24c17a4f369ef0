import type { RedeemGift } from '../../shop/gifts/redeem-page.tsx';
import { loadAppServices } from '../app-services.ts';

/** What the giftee's page asks of the server: POST /v1/gifts/redeem/ {code} in the customer's session (spec 001 §7). */
export interface GiftRedeemApi {
  redeem: RedeemGift;
}

/** The app's redeeming call through its one API client (loaded on the first call); the code goes nowhere else. */
export const appGiftRedeemApi: GiftRedeemApi = {
  redeem: async (code) => {
    const { api } = await loadAppServices();
    return api.redeemGift({ code });
  },
};
