import { z } from 'zod';
import { baseStep, slug } from '../step-parts.ts';

// The cancellation family (spec 001 §4 Subscriptions "Retention-action check", §7 cancel, log reasons, retention): the
// steps only `kind: cancellation` flows may use. Each is a form writing the fields under `fields` (a role each); what
// the choices are (the log reasons, the retention offers) comes from the server through the kind's facts, and what a
// save does (fetch the offers, apply one, cancel) is the kind's save adapter's (app/subscription-cancel/).
// Components: renderer/cancel/cancel-steps.ts.
const field = (name: string, role: string) => slug.default(name).describe(`The answer field ${role} is written to.`);

export const cancelReasonStepSchema = z
  .strictObject({
    ...baseStep,
    kind: z.literal('cancel-reason'),
    fields: z
      .strictObject({
        reason: field('cancel_reason', 'the chosen reason’s slug'),
        comment: field('cancel_comment', 'the shopper’s comment (null when none)'),
        offers: field('retention_offers', 'the number of retention offers for the reason (which its save brings back)'),
      })
      .default({ reason: 'cancel_reason', comment: 'cancel_comment', offers: 'retention_offers' }),
    reasons: z.enum(['cancel', 'snooze']).default('cancel').describe('Which of the log reasons (GET /v1/subscription_log_reasons) are offered.'),
    commentLabel: z.string().default('Tell us more').describe('The comment field’s label (shown when the reason takes a comment).'),
    commentMaxLength: z.number().int().min(1).max(2000).default(500).describe('Most characters the comment may hold.'),
  })
  .describe('Why the shopper cancels: one log reason, and a comment when the reason takes or needs one.');

export const retentionOfferStepSchema = z
  .strictObject({
    ...baseStep,
    kind: z.literal('retention-offer'),
    fields: z
      .strictObject({
        offer: field('retention_offer', 'the accepted offer’s id (null when declined)'),
        accepted: field('retention_accepted', 'whether an offer was accepted (true or false)'),
        outcome: field('cancel_outcome', 'what accepting brought (offer-applied, snoozed, updated, error), which its save brings back'),
      })
      .default({ offer: 'retention_offer', accepted: 'retention_accepted', outcome: 'cancel_outcome' }),
    accept: z.string().default('Accept offer').describe('The label of each offer’s button.'),
    decline: z.string().default('No thanks, cancel').describe('The label of the button that goes on to cancel.'),
  })
  .describe('The retention offers for the reason given (GET /v2/subscriptions/{id}/retention), each with its button, and a way on to cancel.');

export const cancelConfirmStepSchema = z
  .strictObject({
    ...baseStep,
    kind: z.literal('cancel-confirm'),
    fields: z
      .strictObject({
        confirmed: field('cancel_confirmed', 'the shopper’s confirmation (true)'),
        outcome: field('cancel_outcome', 'what cancelling brought (canceled, error), which its save brings back'),
      })
      .default({ confirmed: 'cancel_confirmed', outcome: 'cancel_outcome' }),
    points: z.array(z.string().min(1)).default([]).describe('What cancelling means, one line each ({date} is the next delivery).'),
    keep: z.string().default('Keep my subscription').describe('The link back to the subscription.'),
  })
  .describe('What cancelling means, and the final button (its `button`) that cancels the subscription.');

/** The cancellation family's step schemas (its components: renderer/cancel/cancel-steps.ts). */
export const cancelSteps = [cancelReasonStepSchema, retentionOfferStepSchema, cancelConfirmStepSchema] as const;
export type CancelStepKind = z.infer<(typeof cancelSteps)[number]>['kind'];
