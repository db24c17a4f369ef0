import { startTransition, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Subscription } from '#api';
import type { ForecastState } from '../../shop/subscriptions/subscription-card';
import { SubscriptionHomeView } from '../../shop/subscriptions/subscription-home-view';
import { isCurrent, isSubscriptionSlug, subscriptionSlug } from '../../shop/subscriptions/subscription-rules';
import { createSubscriptionsMachine, settleChange } from '../../shop/subscriptions/subscriptions-machine';
import { bannerFor } from '../../shop/subscriptions/subscription-words';
import { reportError } from '../report-error';
import { useSession, useSignOut } from '../session';
import { PageStatus } from '../shell/page-status';
import { focusAfterPaint } from './focus-after-paint';
import { SignInFirst } from './sign-in-first';
import { loadForecast, subscriptionsApi } from './subscriptions-api';

/**
 * Each current subscription's next charges, loaded again when the subscription changes (its version); each answer is
 * drawn as a transition (React renders the cards in slices, not in one long task).
 */
function useForecasts(subscriptions: readonly Subscription[] | undefined): Record<string, ForecastState> {
  const [forecasts, setForecasts] = useState<Record<string, ForecastState>>({});
  const keys = (subscriptions ?? []).filter(isCurrent).map((s) => `${s.pubkey}:${s.version}`);
  const key = keys.join(',');
  useEffect(() => {
    let live = true;
    for (const entry of key ? key.split(',') : []) {
      const [pubkey, version] = entry.split(':') as [string, string];
      setForecasts((all) => ({ ...all, [pubkey]: all[pubkey] && all[pubkey] !== 'error' ? all[pubkey] : 'loading' }));
      loadForecast(pubkey, Number(version)).then(
        (forecast) => live && startTransition(() => setForecasts((all) => ({ ...all, [pubkey]: forecast }))),
        (error: unknown) => {
          reportError('subscription home: forecast', error);
          if (live) startTransition(() => setForecasts((all) => ({ ...all, [pubkey]: 'error' })));
        },
      );
    }
    return () => void (live = false);
  }, [key]);
  return forecasts;
}

/**
 * /account/subscription/home?status=&category= (spec 001 §2 "Account and subscriptions"): the banner the status
 * picks, then every subscription of the shopper (current first) on the subscriptions machine; a canceled one offers
 * Resubscribe when its category has no current one (§4), which leads to status=resubscribed.
 */
export default function SubscriptionHome() {
  const session = useSession();
  useEffect(() => {
    document.title = 'Your subscriptions | Formulary';
  }, []);
  if (session.status === 'not_authenticated' || session.status === 'error' || session.user?.is_guest)
    return <SignInFirst title="Your subscriptions" to="to see and change your subscriptions." />;
  if (session.status !== 'authenticated' || !session.user) return <Opening />;
  return <Home key={session.user.pubkey} />;
}

/** The home's heading while the session and the subscriptions load, drawn as soon as the page's code runs. */
function Opening() {
  return (
    <div className="page page--narrow">
      <div className="subscriptions">
        <h1 tabIndex={-1}>Your subscriptions</h1>
        <PageStatus>Loading your subscriptions…</PageStatus>
      </div>
    </div>
  );
}

function Home() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const category = search.get('category');
  const banner = bannerFor(search.get('status'), isSubscriptionSlug(category) ? category : null);
  const heading = useRef<HTMLHeadingElement>(null);
  const machine = useMemo(() => createSubscriptionsMachine(subscriptionsApi), []);
  const actor = useActorRef(machine);
  const context = useSelector(actor, (s) => s.context);
  // The list is drawn as a transition: the machine's store would have React draw every card in one long task.
  const data = useDeferredValue(context.data);
  const [resubscribing, setResubscribing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => actor.send({ type: 'LOAD' }), [actor]);
  // Spec 001 §4 Account: sign-out resets the subscriptions.
  useSignOut(() => actor.send({ type: 'CLEAR' }));
  const forecasts = useForecasts(data?.subscriptions);
  const shown = data !== null;
  // With a banner, the banner takes focus (ui/notice.tsx) and is read first; else the heading, as every page's.
  useEffect(() => {
    if (shown && !banner) return focusAfterPaint(() => heading.current);
    // Once, when the list is first drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);

  if (context.status === 'error')
    return (
      <div className="page page--narrow">
        <h1 tabIndex={-1}>We couldn’t load your subscriptions</h1>
        <button type="button" className="button button--secondary" onClick={() => actor.send({ type: 'LOAD' })}>
          Try again
        </button>
      </div>
    );
  if (!data) return <Opening />;

  const resubscribe = (subscription: Subscription) => {
    if (resubscribing) return;
    setResubscribing(subscription.pubkey);
    setProblem(null);
    void settleChange(actor, { kind: 'resubscribe', pubkey: subscription.pubkey }).then((outcome) => {
      setResubscribing(null);
      if (outcome.ok) void navigate(`/account/subscription/home?status=resubscribed&category=${subscriptionSlug(subscription)}`);
      else {
        reportError('subscription home: resubscribe', outcome.error);
        setProblem('We couldn’t restart this subscription. Please try again.');
      }
    });
  };
  return (
    <div className="page page--narrow">
      <SubscriptionHomeView
        key={search.toString()}
        subscriptions={data.subscriptions}
        forecasts={forecasts}
        banner={banner}
        headingRef={heading}
        onResubscribe={resubscribe}
        resubscribing={resubscribing}
        problem={problem}
      />
    </div>
  );
}
