import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { isApiError } from '../../api/client/api-error';
import type { HairProfile } from '#api';
import type { Answers, CompiledFlow } from '#engine';
import type { StepServices } from '../../renderer/index';
import { api } from '../app-services';
import { useSession } from '../session';
import { PageStatus } from '../shell/page-status';
import { localAnswerBuffer } from './answer-buffer';
import type { ConsultationDeps } from './consultation-actors';
import { consultationFlows } from './flow-registry';
import { flowEnvironment } from './flow-environment';
import { FlowRunner } from './flow-runner';
import { profileAnswers, startingAnswers } from './profile-answers';
import { linkStoredStylist } from './stored-stylist';

/** Saving buffered answers happens once per visitor, so its code loads only then. */
const saveBuffered = (...args: Parameters<typeof import('./after-sign-up').saveBufferedAnswers>) =>
  import('./after-sign-up').then((m) => m.saveBufferedAnswers(...args));

type Loaded = { flow: CompiledFlow; profile: HairProfile | null };

/** /consultation/{category}/...: loads the flow and the shopper's answers, then runs the consultation. */
export default function ConsultationFlowPage() {
  const { category = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const [buffer] = useState(() => localAnswerBuffer());
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const settled = session.status === 'authenticated' || session.status === 'not_authenticated' || session.status === 'error';
  const signedIn = session.status === 'authenticated';
  const loadFlow = consultationFlows[category];

  useEffect(() => {
    if (!settled || !loadFlow || loaded) return;
    let live = true;
    Promise.all([loadFlow(), signedIn ? api.getHairProfile() : Promise.resolve(null)])
      .then(([flow, profile]) => live && setLoaded({ flow, profile }))
      .catch((error) => {
        console.error('loading the consultation failed', error);
        if (live) setFailed(true);
      });
    return () => void (live = false);
  }, [settled, signedIn, loadFlow, loaded, api]);

  // A returning shopper's device may still hold answers from before signing in; they are saved now (spec 000 §4.2-4.3).
  useEffect(() => {
    if (!signedIn || !loaded) return;
    const pending = Object.keys(buffer.read()).length > 0;
    (pending ? saveBuffered(api, buffer) : linkStoredStylist(api)).catch((error) => console.error('saving buffered answers failed', error));
  }, [signedIn, loaded, api, buffer]);

  const env = useMemo(() => flowEnvironment(session.status, session.user, location.search), [session.status, session.user, location.search]);
  const [deps] = useState<ConsultationDeps>(() => ({ api, buffer, saved: {}, statuses: {} }));
  if (loaded?.profile) {
    Object.assign(deps.statuses, loaded.profile.consultation_statuses);
    if (Object.keys(deps.saved).length === 0) Object.assign(deps.saved, profileAnswers(loaded.profile));
  }

  const signUp = session.signUp;
  const services: StepServices = useMemo(
    () => ({
      async signUp(form) {
        const outcome = await signUp({ email: form.email, firstName: form.firstName, lastName: form.lastName, origin: `consultation_sign_up_${category}` as never });
        if (outcome.kind === 'signed-up') await saveBuffered(api, buffer).catch((error) => console.error('saving buffered answers failed', error));
        return outcome;
      },
    }),
    [signUp, api, buffer, category],
  );
  const loadAggressors = useCallback(async () => {
    try {
      return await api.getAggressors();
    } catch (error) {
      if (isApiError(error)) return undefined;
      throw error;
    }
  }, [api]);

  if (!loadFlow) return <UnknownConsultation />;
  if (failed) return <PageStatus role="alert">We couldn't load your consultation. Please check your connection and reload the page.</PageStatus>;
  if (!loaded) return <PageStatus>Loading your consultation…</PageStatus>;

  const saved: Answers = loaded.profile ? profileAnswers(loaded.profile) : {};
  return (
    <FlowRunner
      flow={loaded.flow}
      env={env}
      answers={startingAnswers(saved, buffer.read())}
      deps={deps}
      resume={new URLSearchParams(location.search).get('is-returning') === 'true'}
      services={services}
      facts={{ firstName: session.user?.first_name || undefined }}
      loadAggressors={signedIn ? loadAggressors : undefined}
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
