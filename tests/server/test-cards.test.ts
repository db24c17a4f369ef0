import { describe, expect, it } from 'vitest';
import { issueTestCardToken, readTestCardToken, CARD_TOKEN_TTL_SECONDS } from '../../server/payments/test-card-token';
import { brandOf, passesLuhn, readTestCard, TEST_CARDS, type CardInput } from '../../server/payments/test-cards';

const today = new Date('2026-11-25T12:00:00Z');
const card = (over: Partial<CardInput> = {}): CardInput => ({
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  name: 'Ada Lovelace',
  ...over,
});

describe('the embedded test provider’s cards (DESIGN.md Payments; issue 14)', () => {
  it('4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 asks for authentication', () => {
    expect(readTestCard(card(), today)).toEqual({
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, name: 'Ada Lovelace', behaviour: { outcome: 'succeeds' } },
    });
    expect(readTestCard(card({ number: '4000000000000002' }), today)).toMatchObject({ card: { behaviour: { outcome: 'declined', code: 'card_declined' } } });
    expect(readTestCard(card({ number: '4000-0027-6000-3184' }), today)).toMatchObject({
      card: { last4: '3184', behaviour: { outcome: 'requires_authentication' } },
    });
  });

  it('every listed test number is a valid number of a brand the shop takes', () => {
    for (const number of TEST_CARDS.keys()) {
      expect(passesLuhn(number), number).toBe(true);
      expect(brandOf(number), number).not.toBeNull();
    }
    expect(brandOf('378282246310005')).toBe('amex');
    expect(brandOf('5555555555554444')).toBe('mastercard');
    expect(brandOf('2223003122003222')).toBe('mastercard');
    expect(brandOf('6011111111111117')).toBe('discover');
    expect(brandOf('1234567812345678')).toBeNull();
  });

  it('a mistyped number, a real card, a past expiry, a short CVC and no name are each refused on their field', () => {
    expect(readTestCard(card({ number: '4242 4242 4242 4241' }), today)).toEqual({
      problems: [{ field: 'number', message: 'Your card number is not valid.' }],
    });
    // A real-looking Visa that passes Luhn but is not a test card: nothing here can charge it.
    expect(readTestCard(card({ number: '4012888888881881' }), today)).toEqual({
      problems: [{ field: 'number', message: expect.stringContaining('test mode') }],
    });
    expect(readTestCard(card({ expMonth: 10, expYear: 2026 }), today)).toEqual({ problems: [{ field: 'exp', message: 'Your card has expired.' }] });
    // This month is still good; a two-digit year is read in this century.
    expect(readTestCard(card({ expMonth: 11, expYear: 26 }), today)).toMatchObject({ card: { expYear: 2026 } });
    expect(readTestCard(card({ expMonth: 13 }), today)).toMatchObject({ problems: [{ field: 'exp' }] });
    expect(readTestCard(card({ cvc: '12' }), today)).toEqual({ problems: [{ field: 'cvc', message: 'Your card’s security code is 3 digits.' }] });
    expect(readTestCard(card({ number: '378282246310005', cvc: '123' }), today)).toEqual({
      problems: [{ field: 'cvc', message: 'Your card’s security code is 4 digits.' }],
    });
    expect(readTestCard(card({ name: '  ' }), today)).toEqual({ problems: [{ field: 'name', message: 'Enter the name on the card.' }] });
    expect(readTestCard(card({ number: 'abcd', cvc: 'x', name: '' }), today)).toMatchObject({
      problems: [{ field: 'number' }, { field: 'cvc' }, { field: 'name' }],
    });
  });
});

describe('test card tokens', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';
  const accepted = (readTestCard(card({ number: '4000000000009995' }), today) as { card: Parameters<typeof issueTestCardToken>[0] }).card;
  const now = 1_800_000_000;

  it('carry the brand, last four, expiry, name and behaviour back, never the card number', () => {
    const { token, id } = issueTestCardToken(accepted, secret, now);
    expect(token).toMatch(/^tok_test_/);
    expect(token).not.toContain('4000000000009995');
    expect(Buffer.from(token.slice(9).split('.')[0]!, 'base64url').toString()).not.toContain('400000000000');
    expect(readTestCardToken(token, secret, now + 60)).toEqual({ tokenId: id, ...accepted });
    expect(issueTestCardToken(accepted, secret, now).token).not.toBe(token);
  });

  it('a forged, altered, foreign or expired token is no token', () => {
    const { token } = issueTestCardToken(accepted, secret, now);
    expect(readTestCardToken(token, 'another-secret-of-thirty-two-characters!', now)).toBeNull();
    const [payload, signature] = token.slice(9).split('.');
    const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), behaviour: { outcome: 'succeeds' } })).toString(
      'base64url',
    );
    expect(readTestCardToken(`tok_test_${altered}.${signature}`, secret, now)).toBeNull();
    expect(readTestCardToken(token, secret, now + CARD_TOKEN_TTL_SECONDS)).toBeNull();
    for (const bad of ['', 'tok_test_', 'tok_visa', `${token}.x`, token.replace('tok_test_', 'tok_live_')])
      expect(readTestCardToken(bad, secret, now), bad).toBeNull();
  });
});
