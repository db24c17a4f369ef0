import { clientIp } from '../http/client-ip';
import { ApiError } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { hitRateLimit } from '../http/rate-limit';
import { issueWalletNonce, walletRefuses } from './test-wallet';

/**
 * POST /v1/payments/test/wallet: the test wallet's approval (spec 001 §4 wallet-type provider: pending, then success or
 * error). The shopper's wallet account approves the payment and the checkout gets a nonce to pay with; a refusing
 * account is 402 wallet_declined. Shares the card tokeniser's limit per address.
 */
export const approveTestWallet = defineOperation(
  'approveTestWallet',
  {
    summary: 'Approve a payment with the test wallet (embedded test provider)',
    tag: 'payments',
    responses: { 201: 'The nonce to pay with', 400: 'validation_error: no valid e-mail', 402: 'wallet_declined', 429: 'Too many attempts from this address' },
  },
  async ({ c, body, services }) => {
    await hitRateLimit(services, `card-tokens:ip:${clientIp(c, services.config.trustProxy)}`, services.config.rateLimits?.cardTokensPerIp);
    if (walletRefuses(body.email)) throw new ApiError(402, 'wallet_declined', 'Your wallet declined this payment. Please choose another payment method.');
    const nonce = issueWalletNonce(body.email, services.config.secret, Math.floor(services.clock.now().getTime() / 1000));
    return c.json({ nonce, email: body.email }, 201);
  },
);
