import type { FeedbackOverview } from '#api';
import { loadAppServices } from '../app-services';
import { reportError } from '../report-error';
import { useLoad } from '../use-load';

/**
 * The caller's own orders awaiting feedback and done, per category (GET /v1/account/feedback), once `enabled` (the
 * session known): the account's home, its Review & Refine page and its orders read it. A failure is reported, since
 * the home and the orders, which show only an invitation from it, go on without a word.
 */
export function useAccountFeedback(enabled: boolean) {
  return useLoad(
    async (): Promise<FeedbackOverview> => {
      const { api } = await loadAppServices();
      try {
        return await api.getAccountFeedback();
      } catch (error) {
        reportError('account feedback: load', error);
        throw error;
      }
    },
    [],
    { enabled },
  );
}
