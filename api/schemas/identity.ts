import { z } from 'zod';
import { tokenPair } from './common';

/** Where an account was created (spec 000 §9). */
export const accountCreationOrigin = z.enum([
  'consultation_sign_up_haircare',
  'consultation_sign_up_skincare',
  'consultation_exit_modal_haircare',
  'consultation_exit_modal_skincare',
  'consultation_exit_modal_agnostic',
  'pop_up_sign_up_v1_test',
  'gift_card_gifter',
  'checkout_cartv2',
  'no_sign_in_link_received_haircare',
  'no_sign_in_link_received_skincare',
]);
export type AccountCreationOrigin = z.infer<typeof accountCreationOrigin>;

/** A path on this site to go to after signing in; never another origin ("//host", "/\\host"). */
export const nextPath = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'Give a path on this site, starting with a single "/".');

/** POST /v1/auth/signup/ (spec 000 §7, §5.6). */
export const signupRequest = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, 'Enter a shorter email address.')
      .pipe(z.email({ message: 'Enter a valid email address.' })),
    username: z.string().trim().toLowerCase().max(254).optional(),
    first_name: z.string().trim().max(150).optional(),
    last_name: z.string().trim().max(150).optional(),
    has_accepted_terms: z.literal(true, { message: 'You need to accept the terms to continue.' }),
    account_creation_origin: accountCreationOrigin.optional(),
    text_optin: z.boolean().default(false),
    text_marketing_optin: z.boolean().default(false),
    coupon: z.string().max(100).optional(),
    /** Where the magic link leads when the e-mail already has an account (the checkout step it was asked from). */
    next: nextPath.optional(),
  })
  .strict();
export type SignupRequest = z.input<typeof signupRequest>;

/** A new account gets tokens; an existing e-mail gets a magic link instead. */
export const signupResponse = z.union([tokenPair, z.object({ magic_link_sent: z.literal(true) })]);
export type SignupResponse = z.infer<typeof signupResponse>;

/** POST /v1/auth/signin/: asks for a magic link. */
export const signinRequest = z
  .object({
    username: z.string().trim().toLowerCase().min(1, 'Enter your email address.').max(254),
    next: nextPath.optional(),
    coupon: z.string().max(100).optional(),
    couponSource: z.string().max(100).optional(),
  })
  .strict();
export type SigninRequest = z.input<typeof signinRequest>;
export const signinResponse = z.object({ magic_link_sent: z.literal(true) });

/** POST /v1/auth/signin/verify/ */
export const verifyRequest = z.object({ token: z.string().min(1).max(500) }).strict();
/** POST /v1/auth/token/refresh/ */
export const refreshRequest = z.object({ refresh: z.string().min(1).max(500) }).strict();
/** POST /v1/auth/signout/ */
export const signoutRequest = z.object({ refresh: z.string().max(500).optional() }).strict();
