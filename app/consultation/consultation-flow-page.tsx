import { useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import type { AccountCreationOrigin, HairProfile } from '#api';
import type { Answers, CompiledFlow } from '#engine';
import type { StepServices } from '../../renderer/index';
import { api, appTokens } from '../app-services';
import { useSession } from '../session';
import { currentFlags } from '../flags';
import { PageStatus } from '../shell/page-status';
import { localAnswerBuffer, startingAnswers } from './answer-buffer';
import type { ConsultationDeps } from './consultation-actors';
import { consultationFlows, loadFlowFor } from './flow-registry';
import { flowEnvironment } from './flow-environment';
import { ConsultationFlow, preloadResults, type ConsultationFlowProps } from './consultation-flow';
import type { RankingCache } from './rankings';
import { reportError } from '../report-error';
import { useLoad } from '../use-load';

/** Code for shoppers with a session (their profile, aggressors, rankings), loaded only then. */
const accountData = () => import('./account-data');
/** Saving buffered answers happens once per visitor, so its code loads only then. */
const saveBuffered = (...args: Parameters<typeof import('./after-sign-up').saveBufferedAnswers>) =>
  import('./after-sign-up').then((m) => m.saveBufferedAnswers(...args));
const loadAggressors = () => accountData().then((m) => m.loadAggressors(api));

type Loaded = { flow: CompiledFlow; profile?: HairProfile; saved?: Answers };
type Account = { profile: HairProfile; saved: Answers };

/**
 * A device that holds a signed-in shopper's tokens asks for their profile as the page's code loads, alongside the
 * session's own call rather than after it. It serves the first load only if the session then says they are signed
 * in; any later load asks afresh (spec 000 §4.3). Only on a consultation's own page.
 */
let earlyProfile: Promise<Account> | undefined =
  appTokens.read().user && location.pathname.startsWith('/consultation/') ? accountData().then((m) => m.loadProfile(api)) : undefined;
earlyProfile?.catch(() => undefined); // an unused early request that failed is no error; a used one is handled where it is used
/** On a results page, what its derived sections show is asked for as early too (results/early-derived.ts). */
const resultsOpened = appTokens.read().user ? /^\/consultation\/(haircare|skincare)\/results(\/|$)/.exec(location.pathname) : null;
if (resultsOpened) void import('./results/early-derived').then((m) => m.askDerivedEarly(api, resultsOpened[1] as 'haircare' | 'skincare'));

function loadAccount(): Promise<Account> {
  const profile = earlyProfile ?? accountData().then((m) => m.loadProfile(api));
  earlyProfile = undefined;
  return profile;
}

/** /consultation/{category}/...: loads the flow and the shopper's answers, then runs the consultation. */
export default function ConsultationFlowPage() {
  const { category = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const [buffer] = useState(() => localAnswerBuffer());
  const { settled } = session;
  const signedIn = session.status === 'authenticated';
  const loadFlow = consultationFlows[category];

  // Loaded once, when the session is first known: the category and path it starts from are read then, and neither
  // moving from step to step nor signing up on the sign-in step loads the flow again. Its first render (the machine,
  // the step) is a transition: React renders it in slices.
  const first = useLoad(
    (): Promise<Loaded> => {
      if (!signedIn) earlyProfile = undefined; // the tokens it was asked with are no longer a session
      // The results page draws at once when its code is there first (a shopper reloading it, or following a link to it).
      const flowLoaded = loadFlowFor(category, location.pathname).then((flow) =>
        location.pathname.replace(/\/$/, '') === flow.routes.results
          ? preloadResults(signedIn).then(
              () => flow,
              () => flow,
            )
          : flow,
      );
      return Promise.all([flowLoaded, signedIn ? loadAccount() : undefined]).then(
        ([flow, account]) => ({ flow, ...account }),
        (error: unknown) => {
          reportError('loading the consultation', error);
          throw error;
        },
      );
    },
    [signedIn, category, location.pathname],
    { enabled: settled && Boolean(loadFlow), once: true, transition: true },
  );
  const loaded = first.status === 'success' ? first.value : null;
  const failed = first.status === 'error';

  // A returning shopper's device may still hold answers from before signing in; they are saved now (spec 000 §4.2-4.3).
  useEffect(() => {
    if (signedIn && loaded)
      accountData()
        .then((m) => m.saveDeviceAnswers(api, buffer))
        .catch((error) => reportError('saving buffered answers', error));
  }, [signedIn, loaded, buffer]);

  const profile = loaded?.profile;
  // The shop's flags, as the page carries them (app/flags.ts): they choose the flow's variants.
  const [flags] = useState(currentFlags);
  const env = useMemo(
    () => flowEnvironment(session.status, session.user, location.search, profile, flags),
    [session.status, session.user, location.search, profile, flags],
  );
  const [deps] = useState<ConsultationDeps>(() => ({ api, buffer, saved: {}, statuses: {}, versions: { answers: 0, fragrances: 0 } }));
  const [loadRanking] = useState((): ConsultationFlowProps['loadRanking'] => {
    const cache: RankingCache = new Map();
    return (ranking, flowCategory) => accountData().then((m) => m.loadRanking(api, cache, deps.versions, ranking, flowCategory));
  });
  if (profile) {
    Object.assign(deps.statuses, profile.consultation_statuses);
    if (Object.keys(deps.saved).length === 0) Object.assign(deps.saved, loaded.saved);
  }

  // The account's origin names the flow's category (spec 000 §9).
  const { signUp, userUpdated } = session;
  const flowCategory = loaded?.flow.category ?? category;
  const services: StepServices = useMemo(
    () => ({
      async signUp(form) {
        const origin = `consultation_sign_up_${flowCategory}` as AccountCreationOrigin;
        const outcome = await signUp({ email: form.email, firstName: form.firstName, lastName: form.lastName, origin });
        if (outcome.kind === 'signed-up') await saveBuffered(api, buffer).catch((error) => reportError('saving buffered answers', error));
        return outcome;
      },
      saveNames: (names) => accountData().then((m) => m.saveAccountNames(api, names, userUpdated)),
    }),
    [signUp, userUpdated, buffer, flowCategory],
  );
  // Signed in, but signed up with an e-mail alone: the sign-in step asks for the names only (spec 000 §2.7, §6).
  const user = session.user;
  const accountEmail = user && !user.is_guest && !(user.first_name && user.last_name) ? user.email : undefined;

  if (!loadFlow) return <UnknownConsultation />;
  if (failed) return <PageStatus role="alert">We couldn't load your consultation. Please check your connection and reload the page.</PageStatus>;
  if (!loaded) return <PageStatus>Loading your consultation…</PageStatus>;

  return (
    <ConsultationFlow
      flow={loaded.flow}
      env={env}
      answers={startingAnswers(loaded.saved ?? {}, buffer.read())}
      deps={deps}
      resume={new URLSearchParams(location.search).get('is-returning') === 'true'}
      services={services}
      shopper={{ firstName: session.user?.first_name || undefined, accountEmail }}
      loadAggressors={signedIn ? loadAggressors : undefined}
      loadRanking={signedIn ? loadRanking : undefined}
    />
  );
}

/** A consultation category that does not exist. */
function UnknownConsultation() {
  return (
    <PageStatus role="alert">
      We couldn't find that consultation. <a href="/consultation">Start your consultation</a>.
    </PageStatus>
  );
}
