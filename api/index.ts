/** @module api: the HTTP contract, one zod schema per call, and the typed client. */
export { errorBody, tokenPair, consultationStatus, category, empty } from './schemas/common';
export type { ErrorBody, TokenPair, ConsultationStatus, Category } from './schemas/common';
export {
  accountCreationOrigin,
  signupRequest,
  signupResponse,
  signinRequest,
  signinResponse,
  verifyRequest,
  refreshRequest,
  signoutRequest,
} from './schemas/identity';
export type { AccountCreationOrigin, SignupRequest, SignupResponse, SigninRequest } from './schemas/identity';
export { stylist, user, userPatch, userProfileSummary, address, addressInput, addressPatch, linkStylistRequest } from './schemas/account';
export type { Stylist, User, UserPatch, Address, AddressInput } from './schemas/account';
export { hairProfile, hairProfilePatch, question, questionAnswer, questionSets, aggressors } from './schemas/profile';
export type { HairProfile, HairProfilePatch, Question, Aggressors } from './schemas/profile';
