import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Subscription, SubscriptionForecast } from '#api';
import { isApiError } from '#api/shared';
import { createShipNowMachine } from '../../shop/subscriptions/ship-now-machine';
import { shopGiftList } from '../../shop/promotions/gift-list';
import type { ProductChange } from '../../shop/subscriptions/subscription-changes';
import { SubscriptionEditor, type Loaded } from '../../shop/subscriptions/subscription-editor';
import { currentFor, isSubscriptionSlug, SNOOZE_MESSAGES, subscriptionFor, todayIso, type SubscriptionSlug } from '../../shop/subscriptions/subscription-rules';
import { SubscriptionShipNow, type ShipNowState } from '../../shop/subscriptions/subscription-ship-now';
import { SubscriptionSnooze } from '../../shop/subscriptions/subscription-snooze';
import { createSubscriptionsMachine, settleChange, type SubscriptionsActor } from '../../shop/subscriptions/subscriptions-machine';
import { categoryWords } from '../../shop/subscriptions/subscription-words';
import { loadAppServices } from '../app-services';
import { reportError } from '../report-error';
import { currentFlags } from '../flags';
import { useSession, useSignOut } from '../session';
import { PageStatus } from '../shell/page-status';
import { useLoad } from '../use-load';
import { SignInFirst } from './sign-in-first';
import { focusAfterPaint } from './focus-after-paint';
import { loadAddresses, loadForecast, loadPaymentMethods, subscriptionsApi } from './subscriptions-api';

/**
 * /account/subscription/{category} (spec 001 §2, §4, §5, §8): edit one subscription on the subscriptions machine.
 * After a saved update the home says so (status=updated); a failed one comes back here with status=error; after a
 * snooze, the home with status=snoozed; ship now leads to the order it made.
 */
export default function SubscriptionPage() {
  const session = useSession();
  const { pubkey: category } = useParams();
  useEffect(() => {
    document.title = 'Your subscription | Formulary';
  }, []);
  if (session.status === 'not_authenticated' || session.status === 'error' || session.user?.is_guest)
    return <SignInFirst title="Your subscription" to="to change your subscription." />;
  if (!isSubscriptionSlug(category)) return <PageStatus>Loading your subscription…</PageStatus>;
  if (session.status !== 'authenticated' || !session.user) return <Opening slug={category} />;
  return <Editing key={`${session.user.pubkey}:${category}`} slug={category} />;
}

/**
 * The editor's frame while the session and the subscription load: its way back and heading, as the editor draws them,
 * so the page's heading (its largest text, Lighthouse's LCP element) is drawn once, as soon as the page's code runs.
 */
function Opening({ slug }: { slug: SubscriptionSlug }) {
  return (
    <div className="page page--narrow">
      <div className="subscriptions">
        <p className="subscriptions__back">
          <Link to="/account/subscription/home">All subscriptions</Link>
        </p>
        <h1 tabIndex={-1}>Your {categoryWords[slug]} subscription</h1>
        <PageStatus>Loading your subscription…</PageStatus>
      </div>
    </div>
  );
}

/** The words of a refused snooze: the server's own for a field (spec 001 §5 "Cannot snooze beyond 90 days"). */
function snoozeWords(error: unknown): string {
  if (isApiError(error, 'subscription_not_current')) return SNOOZE_MESSAGES.missing;
  if (isApiError(error) && error.fields?.days?.[0]) return error.fields.days[0];
  if (isApiError(error) && error.status === 400) return error.detail;
  return SNOOZE_MESSAGES.failed;
}

function Editing({ slug }: { slug: SubscriptionSlug }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const heading = useRef<HTMLHeadingElement>(null);
  const failed = search.get('status') === 'error';
  const actor = useActorRef(useMemo(() => createSubscriptionsMachine(subscriptionsApi), []));
  const context = useSelector(actor, (s) => s.context);
  // The editor is drawn as a transition: the machine's store would have React draw it all in one long task.
  const data = useDeferredValue(context.data);
  useEffect(() => actor.send({ type: 'LOAD' }), [actor]);
  useSignOut(() => actor.send({ type: 'CLEAR' }));
  const subscription = data ? subscriptionFor(data.subscriptions, slug) : undefined;
  const shown = data !== null;
  useEffect(() => {
    if (shown && !failed) return focusAfterPaint(() => heading.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);

  if (context.status === 'error')
    return (
      <div className="page page--narrow">
        <h1 tabIndex={-1}>We couldn’t load your subscription</h1>
        <button type="button" className="button button--secondary" onClick={() => actor.send({ type: 'LOAD' })}>
          Try again
        </button>
      </div>
    );
  if (!data) return <Opening slug={slug} />;
  if (!subscription || subscription.status === 'canceled')
    return (
      <div className="page page--narrow">
        <h1 ref={heading} tabIndex={-1}>
          Your {categoryWords[slug]} subscription
        </h1>
        <p>{subscription ? 'This subscription is canceled.' : `You have no ${categoryWords[slug]} subscription.`}</p>
        <Link to="/account/subscription/home">See all your subscriptions</Link>
      </div>
    );
  return (
    <div className="page page--narrow">
      <Editor actor={actor} subscription={subscription} slug={slug} failed={failed} heading={heading} onLeave={(to) => void navigate(to)} />
    </div>
  );
}

function Editor({
  actor,
  subscription,
  slug,
  failed,
  heading,
  onLeave,
}: {
  actor: SubscriptionsActor;
  subscription: Subscription;
  slug: SubscriptionSlug;
  failed: boolean;
  heading: React.RefObject<HTMLHeadingElement | null>;
  onLeave: (to: string) => void;
}) {
  const { pubkey, version } = subscription;
  const subscriptions = useSelector(actor, (s) => s.context.data?.subscriptions ?? []);
  const [saving, setSaving] = useState(false);
  const [skipping, setSkipping] = useState<string | null>(null);
  const [snoozing, setSnoozing] = useState(false);
  const [snoozeProblem, setSnoozeProblem] = useState<string | null>(null);
  const [draftChanges, setDraftChanges] = useState<ProductChange[]>([]);
  // Each answer is drawn as a transition (in slices), as the editor was.
  const addresses = useLoad(loadAddresses, [], { transition: true });
  const methods = useLoad(loadPaymentMethods, [], { transition: true });
  // The saved forecast, again after every change the server took (its version).
  const saved = useLoad(() => loadForecast(pubkey, version), [pubkey, version], { transition: true });
  // Spec 001 §7 preview: the next charges with the form's quantities and frequencies, before saving.
  const preview = useLoad(
    () => loadAppServices().then(({ api }) => api.previewSubscription(pubkey, { regular_products: draftChanges }).then((p) => p.forecast)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as the forecast, again after a change the server took.
    [pubkey, version, draftChanges],
    { enabled: draftChanges.length > 0 },
  );
  const previewing = draftChanges.length > 0;
  const shown = previewing ? preview : saved;
  const forecast: Loaded<SubscriptionForecast> = shown.status === 'success' ? shown.value : shown.status;

  // Spec 001 §4: a successful ship now invalidates promotions (the gifts with purchase are fetched again where shown).
  const shipMachine = useMemo(
    () =>
      createShipNowMachine(async (key) => {
        const placed = await loadAppServices().then(({ api }) => api.shipSubscriptionNow(key, version));
        shopGiftList.invalidate();
        return placed;
      }),
    [version],
  );
  const ship = useActorRef(shipMachine);
  const shipSnapshot = useSelector(ship, (s) => s);
  const shipState: ShipNowState =
    shipSnapshot.value === 'success'
      ? { status: 'success', orderPubkey: shipSnapshot.context.orderPubkey! }
      : shipSnapshot.value === 'error'
        ? { status: 'error', error: shipSnapshot.context.error! }
        : { status: shipSnapshot.value === 'loading' ? 'loading' : 'idle' };
  useEffect(() => {
    if (shipState.status === 'success') onLeave(`/account/orders/${shipState.orderPubkey}`);
    if (shipState.status === 'error') reportError('subscription: ship now', shipState.error);
  }, [shipState.status]); // eslint-disable-line react-hooks/exhaustive-deps
  const cardLabel = Array.isArray(methods.value) ? (methods.value.find((m) => m.id === subscription.payment_source)?.label ?? null) : null;

  return (
    <SubscriptionEditor
      subscription={subscription}
      addresses={addresses.status === 'success' ? addresses.value : addresses.status}
      methods={methods.status === 'success' ? methods.value : methods.status}
      forecast={forecast}
      previewing={previewing}
      failed={failed}
      saving={saving}
      skipping={skipping}
      headingRef={heading}
      onDraft={setDraftChanges}
      onSave={(patch) => {
        if (!patch) return;
        setSaving(true);
        void settleChange(actor, { kind: 'update', pubkey, patch }).then((outcome) => {
          setSaving(false);
          if (outcome.ok) return onLeave(`/account/subscription/home?status=updated&category=${slug}`);
          reportError('subscription: update', outcome.error);
          onLeave(`/account/subscription/${slug}?status=error`);
        });
      }}
      onSkip={(type, skip) => {
        setSkipping(type);
        void settleChange(actor, { kind: skip ? 'skip' : 'unskip', pubkey, product: type }).then((outcome) => {
          setSkipping(null);
          if (!outcome.ok) reportError(`subscription: ${skip ? 'skip' : 'unskip'}`, outcome.error);
        });
      }}
    >
      {/* The subscription-snooze-button flag (spec 001 §9 Feature flags): the snooze form shows unless the flag is off. */}
      {currentFlags()['subscription-snooze-button'] !== false ? (
        <SubscriptionSnooze
          subscription={currentFor(subscriptions, slug)}
          today={todayIso()}
          busy={snoozing}
          problem={snoozeProblem}
          onSnooze={(days) => {
            setSnoozing(true);
            setSnoozeProblem(null);
            void settleChange(actor, { kind: 'snooze', pubkey, days }).then((outcome) => {
              setSnoozing(false);
              if (outcome.ok) return onLeave(`/account/subscription/home?status=snoozed&category=${slug}`);
              setSnoozeProblem(snoozeWords(outcome.error));
            });
          }}
        />
      ) : null}
      <SubscriptionShipNow
        state={shipState}
        cardLabel={cardLabel}
        onShip={() => ship.send({ type: 'SHIP', pubkey })}
        onReset={() => ship.send({ type: 'RESET' })}
      />
    </SubscriptionEditor>
  );
}
