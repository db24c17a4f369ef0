/**
 * @module app/report-error: the one hook every unexpected error of the web app goes through (spec 000 §8: "error
 * reported to an error-reporting service"). It writes the error to the console at once, and has it reported to the
 * shop's server by ./error-reports.ts, loaded with the first error so that a page that never fails never downloads
 * it (the step pages' first download is held under 120 KB).
 */

/**
 * Reports an unexpected error: logged to the console, then sent (once per page for the same place and message).
 * @example loadTexts().catch((error) => reportError('loading the consultation texts', error));
 */
export function reportError(where: string, error: unknown): void {
  console.error(where, error);
  import('./error-reports').then((reports) => reports.sendReport(where, error)).catch(() => undefined);
}

/** Reports what nothing else caught: uncaught errors and unhandled promise rejections. Returns a function that stops listening. */
export function reportUncaughtErrors(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => reportError('uncaught error', event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => reportError('unhandled rejection', event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
