import type { Operation } from '../http/operation';
import { refreshToken } from './refresh-token';
import { signIn } from './sign-in';
import { signOut } from './sign-out';
import { signUp } from './sign-up';
import { signUpGuest } from './sign-up-guest';
import { verifyMagicLink } from './verify-magic-link';

/** The identity calls (API.md Identity). */
export const identityOperations: Operation[] = [signUpGuest, signUp, signIn, verifyMagicLink, refreshToken, signOut];
