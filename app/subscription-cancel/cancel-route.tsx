import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { Subscription } from '#api';
import { anonymousEnvironment, routePath, type Answers, type CompiledFlow, type CompiledStepOf } from '#engine';
import type { StepServices } from '../../renderer/index';
import type { CancelFacts } from '../../renderer/cancel/index';
import { Notice } from '../../ui/notice';
import { FlowRunner } from '../flow/flow-runner';
import type { FlowAdapters } from '../flow/flow-kind';
import { loadAppServices } from '../app-services';
import { useSession, useSignOut } from '../session';
import { flowSession } from '../consultation/flow-environment';
import { PageStatus } from '../shell/page-status';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import { reportError } from '../report-error';
import { useLoad } from '../use-load';
import { isCancelCategory, loadCancellation, type CancelCategory, type CancelLoad } from './cancel-data';
import { cancelKind } from './cancel-kind';
import { cancelSaving } from './cancel-adapters';
import { cancelMemory } from './cancel-memory';
import { requestStatuses, type RequestStatuses } from './request-status';
import { homeWith, type CancelOutcome } from './retention-check';

const noServices: StepServices = {
  signUp: async () => ({ kind: 'error' }),
  saveNames: async () => ({ kind: 'error' }),
};

/**
 * /account/subscription/{haircare|skincare|supplements}/cancel/…: the cancel and retention path of the signed-in
 * shopper's current subscription in that category (spec 001 §4, §7), on the generic flow runner. Without a current
 * subscription: "No subscription pubkey found" (§5).
 */
export default function CancelRoute() {
  const { category } = useParams();
  if (!isCancelCategory(category)) return <Navigate to="/account/subscription/home" replace />;
  return <CancelPage category={category} />;
}

function CancelPage({ category }: { category: CancelCategory }) {
  const session = useSession();
  const location = useLocation();
  const heading = usePageHeadingFocus();
  const signedIn = session.status === 'authenticated' && Boolean(session.user) && !session.user?.is_guest;
  const [statuses] = useState(requestStatuses);
  const loaded = useLoad(async () => loadCancellation((await loadAppServices()).api, category, statuses), [category, statuses], {
    enabled: signedIn,
    once: true,
  });
  useEffect(() => {
    if (loaded.status === 'error') reportError('loading a cancellation', loaded.error);
  }, [loaded]);

  if (session.settled && !signedIn) {
    return (
      <div className="page page--narrow">
        <h1 ref={heading} tabIndex={-1}>
          Cancel your subscription
        </h1>
        <p>
          <Link to={`/signin?${new URLSearchParams({ next: location.pathname }).toString()}`}>Sign in</Link> to manage your subscription.
        </p>
      </div>
    );
  }
  if (loaded.status === 'error')
    return (
      <PageStatus role="alert">
        <p>We couldn’t load your subscription. Please check your connection and try again.</p>
        <button type="button" className="button" onClick={loaded.retry}>
          Try again
        </button>
      </PageStatus>
    );
  if (loaded.status !== 'success') return <PageStatus>Loading your subscription…</PageStatus>;
  if (loaded.value.kind === 'none') return <NoSubscription category={category} />;
  return <Cancellation loaded={loaded.value} category={category} statuses={statuses} />;
}

/** Spec 001 §5: the retention and cancel calls need a current subscription's pubkey. */
function NoSubscription({ category }: { category: CancelCategory }) {
  const heading = usePageHeadingFocus();
  return (
    <div className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        Cancel your subscription
      </h1>
      <Notice tone="info">No subscription pubkey found: you have no current {category} subscription to cancel.</Notice>
      <p>
        <Link to="/account/subscription/home">See your subscriptions</Link>
      </p>
    </div>
  );
}

/** "December 12, 2026" from a day (YYYY-MM-DD), read in UTC as the server writes it. */
function readableDay(day: string | null): string {
  if (!day) return 'your next delivery date';
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** The page's facts about the subscription (the steps' {category}, {date}, {discount}), and the way back to it. */
function subscriptionFacts(subscription: Subscription, category: CancelCategory, keep: () => void): Omit<CancelFacts, 'reasons' | 'offers'> {
  return {
    category,
    date: readableDay(subscription.next_start),
    discount: `${subscription.discount_percentage}%`,
    keepPath: `/account/subscription/${category}`,
    onKeep: keep,
  };
}

type Ready = Extract<CancelLoad, { kind: 'ready' }>;

/** The cancel flow on the generic runner, with the cancellation's adapters: its facts, its saves, its outcome. */
function Cancellation({ loaded, category, statuses }: { loaded: Ready; category: CancelCategory; statuses: RequestStatuses }) {
  const session = useSession();
  const navigate = useNavigate();
  const { flow, subscription, reasons } = loaded;
  const [memory] = useState(() => cancelMemory(subscription.pubkey));
  // The answers of a cancellation under way on this device: a reload or the back button lands on the same step.
  const [answers] = useState(() => memory.read());
  // Spec 001 §4 Account: signing out drops what this device kept of the shopper's cancellation.
  useSignOut(() => memory.clear());
  const env = useMemo(
    () =>
      anonymousEnvironment({
        session: flowSession(session.status, session.user),
        user: { hasNames: Boolean(session.user?.first_name && session.user?.last_name) },
      }),
    // Made once for the page (the runner reads it when it starts).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const pageFacts = useMemo(
    (): Omit<CancelFacts, 'offers'> => ({ ...subscriptionFacts(subscription, category, () => void navigate(`/account/subscription/${category}`)), reasons }),
    [subscription, category, navigate, reasons],
  );

  const adapters = useMemo((): FlowAdapters<CancelFacts> => {
    const saving = cancelSaving({
      api: () => loadAppServices().then((services) => services.api),
      flow,
      subscription,
      memory,
      statuses,
      report: reportError,
    });
    return {
      save: (request) => saving.save(request),
      missingFacts: (step, facts) => saving.missingFacts(step, facts),
      complete: async () => undefined,
      useFacts: function useFacts(state) {
        const offers = state.facts.offers;
        return useMemo(() => ({ ...pageFacts, offers }), [offers]);
      },
      results: (state) => <CancelDone outcome={state.answers.cancel_outcome} category={category} />,
    };
    // Made once per page: the subscription, its flow and its facts are the page's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Opened past the reason with none given on this device (a shared link, a finished cancellation): from the start.
  const location = useLocation();
  const [fromStart] = useState(() => !reasonGiven(flow, answers) && routePath(location.pathname) !== flow.routes.base);
  const [started, setStarted] = useState(!fromStart);
  useEffect(() => {
    if (started) return;
    void navigate(flow.routes.base, { replace: true });
    setStarted(true);
  }, [started, navigate, flow.routes.base]);
  if (!started) return <PageStatus>Loading…</PageStatus>;

  return <FlowRunner kind={cancelKind} adapters={adapters} flow={flow} env={env} answers={answers} resume={false} services={noServices} />;
}

/** Whether the answers hold the flow's reason (its reason step's field). */
function reasonGiven(flow: CompiledFlow, answers: Answers): boolean {
  const step = flow.steps.find((s): s is CompiledStepOf<'cancel-reason'> => s.kind === 'cancel-reason');
  return step !== undefined && typeof answers[step.fields.reason] === 'string';
}

const OUTCOMES = new Set<unknown>(['offer-applied', 'snoozed', 'updated', 'canceled', 'error'] satisfies CancelOutcome[]);

/** The end: the subscription home with the outcome's banner (spec 001 §2); opened without one, the subscription's page. */
function CancelDone({ outcome, category }: { outcome: unknown; category: CancelCategory }) {
  const to = OUTCOMES.has(outcome) ? homeWith(outcome as CancelOutcome, category) : `/account/subscription/${category}`;
  return <Navigate to={to} replace />;
}
