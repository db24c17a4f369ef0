import { z } from 'zod';
import { consultationStatus } from './common';

/** A stylist (referrer) with a public profile (spec 000 §3.10). */
export const stylist = z.object({
  pubkey: z.string(),
  public_slug: z.string(),
  avatar_url: z.string().nullable(),
  salons: z.array(z.string()),
  public_name: z.string(),
});
export type Stylist = z.infer<typeof stylist>;

/** A shopper's standing in a category (spec 001 §4 Account "Customer segment per category"). */
export const customerSegment = z.enum(['prospect', 'subscriber', 'churnedSubscriber', 'nonSubscriber']);
export type CustomerSegment = z.infer<typeof customerSegment>;

/** The profile summary carried on the user (spec 000 §3.9, spec 001 §3 User profile). */
export const userProfileSummary = z.object({
  hair_profile_status: z.string().nullable(),
  has_answered_supplements_questions: z.boolean(),
  has_answered_styling_gel_questions: z.boolean(),
  has_answered_haircare_questions: z.boolean(),
  fragrance: z.string().nullable(),
  fragrance_skin: z.string().nullable(),
  fragrance_hairoil: z.string().nullable(),
  is_fragrance_soldout: z.boolean(),
  diag_hair_type: z.string().nullable(),
  order_count: z.number().int(),
  has_order: z.boolean(),
  has_order_with_formulas: z.boolean(),
  /** Spec 002 §3.7 (server/feedback/README.md): a paid order holding haircare, skincare or supplements can take feedback. */
  can_see_feedback: z.boolean(),
  /** Per feedback category: the shopper has completed a feedback of it. */
  has_feedback_from_categories: z.object({ haircare: z.boolean(), skincare: z.boolean(), supplements: z.boolean() }),
  /** The pubkey of the order whose haircare feedback is awaited (the newest paid one holding haircare, until it is completed); else null. */
  feedback_on_order: z.string().nullable(),
  skincare_feedback_on_order: z.string().nullable(),
  supplements_feedback_on_order: z.string().nullable(),
  // Spec 001 §3 User profile, §4 Account: derived from the subscriptions on every read, never stored
  // (server/subscriptions/README.md "Create and upsells"). Haircare and skincare mean their topicals; supplements apart.
  has_active_subscription: z.boolean(),
  has_active_haircare_subscription: z.boolean(),
  has_haircare_subscription_in_any_state: z.boolean(),
  has_active_skincare_subscription: z.boolean(),
  has_skincare_subscription_in_any_state: z.boolean(),
  has_active_supplements_subscription: z.boolean(),
  has_onhold_subscription: z.boolean(),
  has_canceled_subscription: z.boolean(),
  /** A signed-in shopper with a completed consultation of a category (or sub-category) they hold no current subscription of. */
  can_subscribe: z.boolean(),
  /** Spec 001 §4 Account: per category, prospect | subscriber | churnedSubscriber | nonSubscriber. */
  customer_segment: z.object({ haircare: customerSegment, skincare: customerSegment, supplements: customerSegment }),
  /** customer once a paid order exists, else account_holder (spec 001 §4, §6). */
  user_type: z.enum(['customer', 'account_holder']),
  /** subscribed (an active or on-hold subscription), was_subscribed (only canceled ones), never_subscribed. */
  subscriber_status: z.enum(['subscribed', 'was_subscribed', 'never_subscribed']),
});

/** GET /v1/account/ */
export const user = z.object({
  pubkey: z.string(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  text_optin: z.boolean(),
  text_marketing_optin: z.boolean(),
  is_guest: z.boolean(),
  is_returning_customer: z.boolean(),
  has_accepted_terms: z.boolean(),
  customer_origin: z.string().nullable(),
  stylist: stylist.nullable(),
  consultation_statuses: z.object({ haircare: consultationStatus, skincare: consultationStatus }),
  profile: userProfileSummary,
  /** An e-mail change waiting for the new address to confirm it; `email` stays the old one until then. */
  pending_email: z.string().nullable(),
});
export type User = z.infer<typeof user>;

/** PATCH /v1/account/ */
export const userPatch = z
  .object({
    first_name: z.string().trim().min(1).max(150),
    last_name: z.string().trim().min(1).max(150),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, 'Enter a shorter email address.')
      .pipe(z.email({ message: 'Enter a valid email address.' })),
    username: z.string().trim().toLowerCase().min(1).max(254),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a valid phone number.')
      .nullable(),
    text_optin: z.boolean(),
    text_marketing_optin: z.boolean(),
  })
  .partial()
  .strict();
export type UserPatch = z.infer<typeof userPatch>;

/** POST /v1/account/email/confirm/: the token of the link mailed to the new address. */
export const confirmEmailRequest = z.object({ token: z.string().min(1).max(500) }).strict();

/** A postal address (spec 001 §3 Address). */
export const address = z.object({
  pubkey: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  country: z.enum(['US', 'CA']),
  primary: z.boolean(),
});
export type Address = z.infer<typeof address>;

export const addressInput = z
  .object({
    address1: z.string().trim().min(1, 'Enter the street address.').max(200),
    address2: z.string().trim().max(200).nullable().optional(),
    city: z.string().trim().min(1, 'Enter the city.').max(100),
    state: z.string().trim().min(2, 'Enter the state or province.').max(50),
    zipcode: z.string().trim().min(3, 'Enter the zip or postal code.').max(10),
    country: z.enum(['US', 'CA']),
    primary: z.boolean().optional(),
  })
  .strict();
export const addressPatch = addressInput.partial().strict();
export type AddressInput = z.input<typeof addressInput>;

/** POST /v1/account/stylist */
export const linkStylistRequest = z.object({ public_slug: z.string().min(1).max(200) }).strict();
