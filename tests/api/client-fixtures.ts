import { hairProfile, type Address, type TokenPair, type User } from '#api';
import { fakeJwt } from '../../api/client/mocks';

export const baseUrl = 'http://api.test';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A pair whose access token expires in `accessIn` seconds (negative: already expired) and refresh token in a day. */
export function tokenPairFor(name: string, accessIn = 3600, refreshIn = 86_400): TokenPair {
  return { access: fakeJwt(nowSeconds() + accessIn, { sub: `${name}-access` }), refresh: fakeJwt(nowSeconds() + refreshIn, { sub: `${name}-refresh` }) };
}

export const sampleUser: User = {
  pubkey: 'usr_1',
  email: 'ada@example.com',
  username: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: null,
  text_optin: false,
  text_marketing_optin: false,
  is_guest: false,
  is_returning_customer: false,
  has_accepted_terms: true,
  customer_origin: null,
  stylist: null,
  consultation_statuses: { haircare: 'not_started', skincare: 'not_started' },
  profile: {
    hair_profile_status: null,
    has_answered_supplements_questions: false,
    has_answered_styling_gel_questions: false,
    has_answered_haircare_questions: false,
    fragrance: null,
    fragrance_skin: null,
    fragrance_hairoil: null,
    is_fragrance_soldout: false,
    diag_hair_type: null,
    order_count: 0,
    has_order: false,
    has_order_with_formulas: false,
  },
  pending_email: null,
};

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
