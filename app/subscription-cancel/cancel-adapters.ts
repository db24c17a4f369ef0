import type { ApiClient, RetentionOffer, Subscription, SubscriptionTicket } from '#api';
import type { CompiledFlow, CompiledStep, CompiledStepOf, SaveRequest, SaveResult } from '#engine';
import type { CancelFacts } from '../../renderer/cancel/index';
import type { CancelMemory } from './cancel-memory';
import type { RequestStatuses } from './request-status';
import { cancelSucceeded, retentionOutcome, type CancelOutcome } from './retention-check';

/** The calls a cancellation makes (spec 001 §7 cancel, retention): the API client's, or a test's. */
export type CancelApi = Pick<
  ApiClient,
  'getSubscriptionRetention' | 'acceptSubscriptionRetention' | 'previewSubscription' | 'getSubscription' | 'cancelSubscription'
>;

export interface CancelSavingDeps {
  api: () => Promise<CancelApi>;
  flow: CompiledFlow;
  /** The subscription as the page loaded it: what a retention check compares with (spec 001 §4). */
  subscription: Subscription;
  memory: CancelMemory;
  statuses: RequestStatuses;
  /** Logs what failed (the shopper sees its outcome). */
  report(where: string, error: unknown): void;
}

const shown = (offer: RetentionOffer) => ({ id: offer.id, kind: offer.kind, title: offer.title, detail: offer.detail });

/**
 * What the cancellation's steps do when saved (plain functions over the API, tests/app/subscription-cancel-adapters.test.ts):
 * - the reason: kept on the device, then the offers for it fetched (GET …/retention?reason=); their count is an answer
 *   the offer step's rule reads. Offers that cannot be fetched are none: the shopper goes on to the confirmation;
 * - an offer accepted: applied (POST …/retention {offer}), the subscription and its ticket fetched again and the
 *   retention-action check of spec 001 §4 made; its outcome (offer-applied, snoozed, updated, or error) is an answer;
 * - the confirmation: the cancel (POST …/cancel {reason, comment}) with the reason given, the subscription fetched
 *   again, and canceled or error as the outcome.
 * The answers stay on the device until an outcome ends the cancellation.
 */
export function cancelSaving(deps: CancelSavingDeps) {
  const { subscription, memory, statuses } = deps;
  const pubkey = subscription.pubkey;
  let offers: RetentionOffer[] | undefined;
  const reasonStep = deps.flow.steps.find((s): s is CompiledStepOf<'cancel-reason'> => s.kind === 'cancel-reason');

  async function fetchOffers(reason: string): Promise<RetentionOffer[]> {
    try {
      const api = await deps.api();
      offers = (await statuses.track('retention', () => api.getSubscriptionRetention(pubkey, reason))).offers;
    } catch (error) {
      deps.report('loading the retention offers', error);
      offers = [];
    }
    return offers;
  }

  async function applyOffer(id: string): Promise<CancelOutcome> {
    const offer = offers?.find((o) => o.id === id);
    try {
      const api = await deps.api();
      const applied = await statuses.track('retention', () => api.acceptSubscriptionRetention(pubkey, id));
      if (!offer) return 'error';
      const [after, ticket] = await Promise.all([
        api.getSubscription(pubkey),
        offer.kind === 'coupon' ? freshTicket(api, applied.ticket) : Promise.resolve(null),
      ]);
      const outcome = retentionOutcome(offer, subscription, after, ticket);
      if (outcome === 'error') deps.report('checking a retention offer', new Error(`offer ${id} not seen after a refetch`));
      return outcome;
    } catch (error) {
      deps.report('applying a retention offer', error);
      return 'error';
    }
  }

  /** The next box's ticket as the server has it now (a preview with no change), else the one the offer answered. */
  async function freshTicket(api: CancelApi, answered: SubscriptionTicket | null): Promise<SubscriptionTicket | null> {
    try {
      return (await api.previewSubscription(pubkey, { regular_products: [] })).ticket;
    } catch (error) {
      deps.report('reading the ticket after an offer', error);
      return answered;
    }
  }

  async function cancel(answers: SaveRequest['answers']): Promise<CancelOutcome> {
    const fields = reasonStep?.fields ?? { reason: 'cancel_reason', comment: 'cancel_comment' };
    const reason = answers[fields.reason];
    const comment = answers[fields.comment];
    try {
      const api = await deps.api();
      await statuses.track('cancel', () =>
        api.cancelSubscription(pubkey, { reason: String(reason ?? ''), ...(typeof comment === 'string' && comment ? { comment } : {}) }),
      );
      return cancelSucceeded(pubkey, await api.getSubscription(pubkey)) ? 'canceled' : 'error';
    } catch (error) {
      deps.report('cancelling a subscription', error);
      return 'error';
    }
  }

  return {
    async save(request: Pick<SaveRequest, 'step' | 'values' | 'answers'>): Promise<SaveResult<CancelFacts> | void> {
      const { step, values } = request;
      switch (step.kind) {
        case 'cancel-reason': {
          memory.write(values);
          const list = await fetchOffers(String(values[step.fields.reason] ?? ''));
          const answers = { [step.fields.offers]: list.length };
          memory.write(answers);
          return { facts: { offers: list.map(shown) }, answers };
        }
        case 'retention-offer': {
          memory.write(values);
          if (values[step.fields.accepted] !== true) return;
          const outcome = await applyOffer(String(values[step.fields.offer] ?? ''));
          memory.clear();
          return { answers: { [step.fields.outcome]: outcome } };
        }
        case 'cancel-confirm': {
          const outcome = await cancel(request.answers);
          memory.clear();
          return { answers: { [step.fields.outcome]: outcome } };
        }
        default:
          return;
      }
    },
    /** The offers a reload on the offer step lost, fetched again for the reason kept on the device. */
    missingFacts(step: CompiledStep, facts: Partial<CancelFacts>): Promise<Partial<CancelFacts>> | undefined {
      if (step.kind !== 'retention-offer' || facts.offers !== undefined || !reasonStep) return undefined;
      const reason = memory.read()[reasonStep.fields.reason];
      if (typeof reason !== 'string') return Promise.resolve({ offers: [] });
      return fetchOffers(reason).then((list) => ({ offers: list.map(shown) }));
    },
  };
}
