import { hairProfile, type Address, type TokenPair, type User } from '#api';
import { fakeJwt } from '../../api/client/mocks';
import { newCustomer } from '../../stories/fixtures/account';

export const baseUrl = 'http://api.test';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A pair whose access token expires in `accessIn` seconds (negative: already expired) and refresh token in a day. */
export function tokenPairFor(name: string, accessIn = 3600, refreshIn = 86_400): TokenPair {
  return { access: fakeJwt(nowSeconds() + accessIn, { sub: `${name}-access` }), refresh: fakeJwt(nowSeconds() + refreshIn, { sub: `${name}-refresh` }) };
}

/** A new customer (the stories' own, stories/fixtures/account.ts). */
export const sampleUser: User = newCustomer;

export const guestUser: User = { ...sampleUser, pubkey: 'usr_guest', email: '', username: 'guest-1', first_name: '', last_name: '', is_guest: true };

export const sampleAddress: Address = {
  pubkey: 'adr_1',
  address1: '1 Main St',
  address2: null,
  city: 'Brooklyn',
  state: 'NY',
  zipcode: '11201',
  country: 'US',
  primary: true,
};

// Parsed rather than annotated: the schema's catchall index type rejects its own consultation_statuses in a literal.
export const sampleHairProfile = hairProfile.parse({
  status: null,
  source: null,
  privacy_policies: false,
  terms_conditions: false,
  consultation_statuses: { haircare: 'draft', skincare: 'not_started' },
  has_answered_supplements_questions: false,
  has_answered_styling_gel_questions: false,
  has_answered_haircare_questions: false,
});

/** A promise with its resolve exposed, to force an interleaving in a test. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
