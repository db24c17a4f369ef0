import { accountOperations } from './account/routes';
import { catalogueOperations } from './catalog/routes';
import { cartOperations } from './cart/cart-operations';
import { orderOperations } from './orders/order-operations';
import { feedbackOperations } from './feedback/routes';
import type { Operation } from './http/operation';
import { identityOperations } from './identity/routes';
import { getOutboxJson } from './mail/get-outbox-json';
import { getOutboxPage } from './mail/get-outbox-page';
import { paymentOperations } from './payments/routes';
import { profileOperations } from './profile/routes';
import { getHealth } from './system/get-health';
import { getOpenApi } from './system/get-openapi';
import { reportClientError } from './system/report-client-error';
import { getFlags } from './flags/get-flags';
import { getDevClock, postDevClock } from './system/dev-clock';
import { getAccountFeedback } from './orders/fulfilment-feedback-overview';
import { subscriptionOperations } from './subscriptions/routes';
import { createOperations } from './subscriptions/create-routes';
import { giftOperations } from './gifts/routes';
import { promotionOperations } from './promotions/gwp-offers';
import { referralOperations } from './referrals/routes';
import { getTrackedEventsJson, trackingOperations } from './tracking/routes';
import { helpOperations } from './help/routes';
import { liveChatOperations } from './livechat/routes';

/**
 * Every operation the app mounts: one per call of the contract (api/endpoints.ts), then the server-only ones (health,
 * /openapi.json, and the dev outbox and clock except in production). tests/server/contract.test.ts walks them.
 */
export function appOperations(options: { production: boolean }): Operation[] {
  const operations: Operation[] = [
    ...identityOperations,
    ...accountOperations,
    ...profileOperations,
    ...paymentOperations,
    ...catalogueOperations,
    ...cartOperations,
    ...orderOperations,
    getAccountFeedback,
    ...feedbackOperations,
    ...subscriptionOperations,
    ...createOperations,
    ...giftOperations,
    ...promotionOperations,
    ...referralOperations,
    ...trackingOperations,
    ...helpOperations,
    ...liveChatOperations,
    getHealth,
    getFlags,
    reportClientError,
    ...(options.production ? [] : [getOutboxJson, getOutboxPage, getDevClock, postDevClock, getTrackedEventsJson]),
  ];
  operations.push(getOpenApi(() => operations));
  return operations;
}
