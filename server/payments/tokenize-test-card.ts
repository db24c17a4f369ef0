import { clientIp } from '../http/client-ip';
import { validationError } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { hitRateLimit } from '../http/rate-limit';
import { issueTestCardToken } from './test-card-token';
import { readTestCard } from './test-cards';

/**
 * POST /v1/payments/test/tokenize: the embedded test provider's tokeniser. A test card becomes a `tok_test_` token
 * the payment step sends when the order is placed; each problem is a field error on the form's field. The card is
 * never stored and never logged (the access log writes the path only, never a body). 30 per address per 15 minutes.
 */
export const tokenizeTestCard = defineOperation(
  'tokenizeTestCard',
  {
    summary: 'Turn a test card into a card token (embedded test provider)',
    tag: 'payments',
    responses: { 201: 'The card token', 400: 'validation_error naming each field of the card that is wrong', 429: 'Too many cards from this address' },
  },
  async ({ c, body, services }) => {
    await hitRateLimit(services, `card-tokens:ip:${clientIp(c, services.config.trustProxy)}`, services.config.rateLimits?.cardTokensPerIp);
    const now = services.clock.now();
    const { card } = body;
    const read = readTestCard({ number: card.number, expMonth: card.exp_month, expYear: card.exp_year, cvc: card.cvc, name: card.name }, now);
    if ('problems' in read) {
      const field = { number: 'card.number', exp: 'card.exp_month', cvc: 'card.cvc', name: 'card.name' } as const;
      throw validationError(Object.fromEntries(read.problems.map((p) => [field[p.field], [p.message]])), 'Please check your card details.');
    }
    const { token } = issueTestCardToken(read.card, services.config.secret, Math.floor(now.getTime() / 1000));
    const { brand, last4, expMonth, expYear } = read.card;
    return c.json({ token, card: { brand, last4, exp_month: expMonth, exp_year: expYear } }, 201);
  },
);
