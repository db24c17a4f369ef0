import { useEffect, useState } from 'react';
import { contentReady, loadAllContent, loadContent, type CompiledFlow } from '#engine';
import { reportError } from '../report-error';

/**
 * Whether the words a screen shows are there, loading them when they are not: flows arrive split, logic
 * first, then each section's texts (engine/runtime/flow-content.ts). `stepName` null means the results,
 * which need every step's words. Once the shopper is answering, the other sections load in the
 * background. A failed load is reported; `retry` tries again.
 */
export function useFlowContent(flow: CompiledFlow, stepName: string | null, answering: boolean): { ready: boolean; failed: boolean; retry(): void } {
  const ready = stepName === null ? contentReady(flow) : contentReady(flow, stepName);
  const [attempt, setAttempt] = useState(0);
  const [, setLoaded] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (ready) return;
    let live = true;
    (stepName === null ? loadAllContent(flow) : loadContent(flow, stepName)).then(
      () => live && (setFailed(false), setLoaded((n) => n + 1)),
      (error: unknown) => {
        reportError('loading the texts of a flow', error);
        if (live) setFailed(true);
      },
    );
    return () => void (live = false);
  }, [flow, stepName, ready, attempt]);
  useEffect(() => {
    if (answering) loadAllContent(flow).catch((error: unknown) => reportError('loading the texts of a flow', error));
  }, [flow, answering]);
  return { ready, failed, retry: () => (setFailed(false), setAttempt((n) => n + 1)) };
}
