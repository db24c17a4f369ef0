import { notFound } from '../http/api-error';
import { defineOperation } from '../http/operation';
import type { TestProvider } from './test-provider';

/**
 * POST /v1/payments/test/charges/{id}/authenticate `{approved}`: the embedded test provider's stand-in for the bank's
 * authentication page (3-D Secure), where a card such as 4000 0027 6000 3184 sends the shopper (the order's
 * next_action.url). Approved, the charge succeeds; refused, it is declined. The shop then asks again for the order
 * (the same request under the same key), which finds the charge's outcome. Not served when Stripe takes the cards:
 * Stripe's own page does this. The charge id is random and long; it says nothing of the shopper.
 */
export const authenticateTestCharge = defineOperation(
  'authenticateTestCharge',
  {
    summary: 'Approve or refuse a test charge that requires authentication (embedded test provider)',
    tag: 'payments',
    responses: { 200: 'The charge’s outcome', 404: 'not_found: no such charge (or cards do not go through the test provider)' },
  },
  async ({ c, params, body, services }) => {
    if (services.payments.name !== 'test') throw notFound('not_found', 'There is no such payment.');
    const charge = await (services.payments as TestProvider).authenticate(params.id ?? '', body.approved);
    if (!charge) throw notFound('not_found', 'There is no such payment.');
    return c.json({ status: charge.status }, 200);
  },
);
