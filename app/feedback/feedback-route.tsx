import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { FeedbackCategory, FeedbackFlowId } from '#api';
import { anonymousEnvironment, contentReady } from '#engine';
import type { StepServices } from '../../renderer/index';
import type { FeedbackFacts } from '../../renderer/feedback/index';
import { FlowRunner } from '../flow/flow-runner';
import type { FlowAdapters } from '../flow/flow-kind';
import { loadAppServices, loadSessionServices } from '../app-services';
import { useSession } from '../session';
import { flowSession } from '../consultation/flow-environment';
import { PageStatus } from '../shell/page-status';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus';
import { reportError } from '../report-error';
import { useLoad } from '../use-load';
import { flowOfPath, loadFeedback, recordOf, type FeedbackLoad } from './feedback-data';
import { feedbackKind, loadResultsSummary, resultsSummary } from './feedback-kind';

const FeedbackConfirmation = lazy(() => import('./feedback-confirmation'));

/**
 * /feedback/{category}/… and /feedback/confirmation (spec 002 §2): one route, so that the flow that reaches its end stays
 * on the page and shows the confirmation in place (the runner goes to the flow's results route, /feedback/confirmation);
 * opened on its own, /feedback/confirmation?data-from={category} shows the confirmation for that category.
 */
export default function FeedbackRoute() {
  const location = useLocation();
  const segment = location.pathname.split('/')[2];
  // The flow first opened stays for the life of the page (its end is /feedback/confirmation).
  const [flowId] = useState(() => flowOfPath(segment));
  if (!flowId) {
    if (segment === 'confirmation') return <Confirmation category={new URLSearchParams(location.search).get('data-from')} />;
    return <Navigate to="/account/feedback" replace />;
  }
  return <FeedbackFlowPage requested={flowId} />;
}

function Confirmation({ category, order }: { category: string | null; order?: string }) {
  return (
    <Suspense fallback={<PageStatus>Loading…</PageStatus>}>
      <FeedbackConfirmation category={category} order={order} />
    </Suspense>
  );
}

const noServices: StepServices = {
  signUp: async () => ({ kind: 'error' }),
  saveNames: async () => ({ kind: 'error' }),
};

/** A feedback flow for the signed-in shopper's order (?order=, else the newest awaiting feedback in the category). */
function FeedbackFlowPage({ requested }: { requested: FeedbackFlowId }) {
  const session = useSession();
  const location = useLocation();
  const heading = usePageHeadingFocus();
  const orderKey = new URLSearchParams(location.search).get('order');
  const signedIn = session.status === 'authenticated' && Boolean(session.user) && !session.user?.is_guest;
  // The page first opened decides which words load with the flow (loaded once: later moves are the runner's).
  const [opened] = useState(location.pathname);
  const loaded = useLoad(async () => loadFeedback((await loadSessionServices()).api, requested, orderKey, opened), [requested, orderKey, opened], {
    enabled: signedIn,
    once: true,
  });
  useEffect(() => {
    if (loaded.status === 'error') reportError('loading a feedback', loaded.error);
  }, [loaded]);

  if (session.settled && !signedIn) {
    return (
      <div className="page page--narrow">
        <h1 ref={heading} tabIndex={-1}>
          Give feedback on your order
        </h1>
        <p>
          <Link to={`/signin?${new URLSearchParams({ next: location.pathname + location.search }).toString()}`}>Sign in</Link> to tell us how your formulas are
          working.
        </p>
      </div>
    );
  }
  if (loaded.status === 'error')
    return (
      <PageStatus role="alert">
        <p>We couldn’t load your feedback. Please check your connection and try again.</p>
        <button type="button" className="button" onClick={loaded.retry}>
          Try again
        </button>
      </PageStatus>
    );
  if (loaded.status !== 'success') return <PageStatus>Loading your feedback…</PageStatus>;
  if (loaded.value.kind === 'elsewhere') return <Navigate to={loaded.value.to} replace />;
  if (loaded.value.kind === 'completed') return <ConfirmationAt category={loaded.value.category} />;
  return <Feedback loaded={loaded.value} />;
}

type Ready = Extract<FeedbackLoad, { kind: 'ready' }>;

/** The feedback flow on the generic runner, with the feedback kind's adapters: the order's facts, its record, its saves. */
function Feedback({ loaded }: { loaded: Ready }) {
  const session = useSession();
  const location = useLocation();
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(location.search)), [location.search]);
  const { flow, order, facts, category } = loaded;
  const env = useMemo(
    () =>
      anonymousEnvironment({
        session: flowSession(session.status, session.user),
        user: { hasNames: Boolean(session.user?.first_name && session.user?.last_name) },
        query,
        order: facts.order,
        context: facts.context,
      }),
    // The environment is the order's: made once for the page (the runner reads it when it starts).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [answers] = useState(() => loaded.answers);
  const screenFacts = useMemo(
    (): FeedbackFacts => ({
      firstName: session.user?.first_name || undefined,
      orderDate: facts.text.date,
      products: facts.products,
      fragranceNames: facts.fragrance_names,
      soldOutFragrances: Array.isArray(facts.order.sold_out_fragrances) ? facts.order.sold_out_fragrances.map(String) : [],
      text: facts.text,
    }),
    [facts, session.user?.first_name],
  );

  const adapters = useMemo((): FlowAdapters<FeedbackFacts> => {
    // The saving code (./feedback-adapters) loads with the first answer, not with the page: nothing is saved before.
    let saving: Promise<ReturnType<typeof import('./feedback-adapters').feedbackSaving>> | undefined;
    const loadSaving = () => {
      saving ??= import('./feedback-adapters').then(
        ({ feedbackSaving }) =>
          feedbackSaving({
            api: () => loadAppServices().then((services) => services.api),
            order: order.pubkey,
            category,
            origin: query.origin ?? null,
            started: recordOf(order, category) !== null,
            report: (message) => reportError('saving a feedback', new Error(message)),
          }),
        (error: unknown) => {
          saving = undefined; // a failed load (offline) is tried again with the next save
          throw error;
        },
      );
      return saving;
    };
    return {
      save: (request) => loadSaving().then((s) => s.save(request)),
      // Fetched as the shopper answers, while the step waits to move on.
      onAnswer: () => void loadSaving().catch(() => undefined),
      complete: async () => undefined,
      useFacts: function useFacts(state) {
        const atResults = state.step?.kind === 'feedback-results';
        const summarize = useResultsSummary(atResults);
        // The topics' names are the results step's words (engine/runtime/flow-content.ts): summed up once they are there.
        const worded = atResults && state.step !== null && contentReady(flow, state.step.name);
        return useMemo(
          () =>
            worded && summarize
              ? { ...screenFacts, summary: summarize(flow, state.answers, { supplementMonths: numberOr(facts.order.supplement_months) }) }
              : screenFacts,
          [worded, summarize, state.answers],
        );
      },
      results: () => <ConfirmationAt category={category} order={order.pubkey} />,
    };
    // Made once per page: the order, its flow and its facts are the page's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <FlowRunner kind={feedbackKind} adapters={adapters} flow={flow} env={env} answers={answers} resume={false} services={noServices} />;
}

const numberOr = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/**
 * The results' summary code when `needed` (the flow at its results): at once when the steps' preload brought it,
 * else loaded then (the screen shows its heading meanwhile, and its summary when the code arrives).
 */
function useResultsSummary(needed: boolean) {
  const [, setLoaded] = useState(0);
  const summarize = resultsSummary();
  useEffect(() => {
    if (!needed || summarize) return;
    let live = true;
    void loadResultsSummary().then(
      () => live && setLoaded((n) => n + 1),
      (error: unknown) => reportError('loading the feedback results', error),
    );
    return () => {
      live = false;
    };
  }, [needed, summarize]);
  return needed ? summarize : undefined;
}

/** The end of a flow (§2.5): the URL says which category's feedback was given, and the confirmation shows. */
function ConfirmationAt({ category, order }: { category: FeedbackCategory; order?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const target = `?data-from=${category}`;
  useEffect(() => {
    if (location.search !== target) void navigate(`/feedback/confirmation${target}`, { replace: true });
  }, [location.search, navigate, target]);
  return <Confirmation category={category} order={order} />;
}
