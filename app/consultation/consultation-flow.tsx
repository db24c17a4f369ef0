import { Suspense, useEffect, useMemo, useState } from 'react';
import { exitModalText, loadAllContent, type Answers, type CompiledFlow, type CompiledStep, type FlowEnvironment, type FlowRuntime } from '#engine';
import { lazyComponent, type RankedItem, type RankingFacts, type StepServices } from '../../renderer/index';
import { FlowRunner } from '../flow/flow-runner';
import type { FlowAdapters, FlowState } from '../flow/flow-kind';
import { PageStatus } from '../shell/page-status';
import type { ConsultationDeps } from './consultation-actors';
import { consultationFacts, consultationSaving, type LoadAggressors } from './consultation-adapters';
import { consultationKind, type ConsultationFacts } from './consultation-kind';
import { useExitCapture } from './exit-capture';
import type { RankingSource } from './rankings';

const results = lazyComponent(() => import('./consultation-results').then((m) => m.ConsultationResults));
const ConsultationResults = results.component;

/**
 * Loads the results page's code (and, for a signed-in shopper, the code of what is derived from their answers)
 * before it is drawn: a component that suspends is revealed only after React's fallback pause (300 ms).
 */
export function preloadResults(signedIn: boolean): Promise<unknown> {
  return results.preload().then(() => (signedIn ? import('./consultation-results').then((m) => m.preloadDerivedSections()) : undefined));
}

export interface ConsultationFlowProps {
  flow: CompiledFlow;
  env: FlowEnvironment;
  answers: Answers;
  deps: ConsultationDeps;
  /** Open at the first unanswered step (a returning shopper, ?is-returning=true). */
  resume: boolean;
  services: StepServices;
  /** The shopper's own facts shown on screens. */
  shopper: Pick<ConsultationFacts, 'firstName' | 'accountEmail'>;
  /** Fetches the aggressors when the geo-aggressors step opens without them (after a reload). */
  loadAggressors?: LoadAggressors;
  /** Fetches a ranked-fragrance or textures step's ranking, fresh since the last save (signed-in shoppers only; spec 000 §3.5-3.6, §4.3). */
  loadRanking?: (ranking: RankingSource, category: string) => Promise<RankedItem[]>;
}

/** The ranking a ranked step shows, asked for each time the step opens (the loader fetches again only after a save, spec 000 §4.3). */
function useRanking(step: CompiledStep | null, runtime: FlowRuntime, loadRanking: ConsultationFlowProps['loadRanking']): RankingFacts | undefined {
  const ranking = step && 'ranking' in step && loadRanking ? step.ranking : undefined;
  const [ranked, setRanked] = useState<{ step?: string; facts: RankingFacts }>();
  const stepName = step?.name;
  useEffect(() => {
    if (!ranking || !loadRanking) return;
    let live = true;
    const show = (facts: RankingFacts) => live && setRanked({ step: stepName, facts });
    show({ status: 'loading' });
    loadRanking(ranking, runtime.flow.category).then(
      (items) => show({ status: 'ready', items }),
      () => show({ status: 'error' }),
    );
    return () => void (live = false);
  }, [ranking, stepName, loadRanking, runtime]);
  return ranking && (ranked && ranked.step === stepName ? ranked.facts : { status: 'loading' });
}

/**
 * Runs one consultation on the generic flow runner (app/flow) with the consultation's adapters: answers saved to
 * the profile (or kept on the device for an anonymous visitor), the zip code's aggressors, the completed status,
 * the rankings of ranked steps, the exit capture, and the results page.
 */
export function ConsultationFlow({ flow, env, answers, deps, resume, services, shopper, loadAggressors, loadRanking }: ConsultationFlowProps) {
  const { firstName, accountEmail } = shopper;
  // New adapters only when signing in or out changes the loaders, or the shopper's names arrive.
  const adapters = useMemo(
    (): FlowAdapters<ConsultationFacts> => ({
      ...consultationSaving(deps, loadAggressors),
      useFacts: function useConsultationFacts(state) {
        return consultationFacts({ firstName, accountEmail }, state.facts, useRanking(state.step, state.runtime, loadRanking));
      },
      useExit: useConsultationExit,
      results: (state) => (
        <Suspense fallback={<PageStatus>Loading your results…</PageStatus>}>
          <ConsultationResults runtime={state.runtime} answers={state.answers} env={state.env} name={firstName} />
        </Suspense>
      ),
    }),
    [deps, loadAggressors, loadRanking, firstName, accountEmail],
  );
  return <FlowRunner kind={consultationKind} adapters={adapters} flow={flow} env={env} answers={answers} resume={resume} services={services} />;
}

/** Leaving mid-way asks an anonymous visitor for an e-mail, with the flow's words (spec 000 §2.7). */
function useConsultationExit({ runtime, step, answers, env }: FlowState<ConsultationFacts>): void {
  useExitCapture({
    armed: Boolean(step) && env.session !== 'authenticated',
    category: runtime.flow.category,
    prepare: () => loadAllContent(runtime.flow),
    copy: () => runtime.flow.exitModal && { ...runtime.flow.exitModal, ...exitModalText(runtime, { answers, env, variants: runtime.variants }) },
  });
}
