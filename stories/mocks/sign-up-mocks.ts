import { fakeJwt, mockEndpoint, mockError } from '../../api/client/mocks';
import type { FieldErrors, ResponseBody } from '#api';

/** What POST /v1/auth/signup/ answers in a story (API.md, spec 000 §4.6). */
export type SignUpOutcome = 'signed-up' | 'magic-link-sent' | 'field-errors' | 'invalid-coupon' | 'unavailable';

/** Field errors as the server words them; e-mail and username both land on the e-mail field (spec 000 §5.6). */
export const sampleFieldErrors: FieldErrors = {
  first_name: ['Ensure this field has no more than 150 characters.'],
  email: ['Enter a valid email address.'],
  username: ['This username is reserved.'],
};

/** An msw handler for sign-up, typed and checked by the api/ contract. */
export function signUpHandler(outcome: SignUpOutcome, fields: FieldErrors = sampleFieldErrors) {
  return mockEndpoint('signUp', (): ResponseBody<'signUp'> | Response => {
    switch (outcome) {
      case 'signed-up':
        return { access: fakeJwt(Math.floor(Date.now() / 1000) + 3600), refresh: 'story-refresh-token' };
      case 'magic-link-sent':
        return { magic_link_sent: true as const };
      case 'field-errors':
        return mockError(400, { code: 'validation_error', detail: 'Some fields need attention.', fields });
      case 'invalid-coupon':
        return mockError(422, { code: 'invalid_coupon', detail: 'This coupon is not valid.' });
      case 'unavailable':
        return mockError(503, { code: 'unavailable', detail: 'Try again in a moment.' });
    }
  });
}
