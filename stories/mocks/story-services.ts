import { createApiClient, createMemoryTokenStore, isApiError } from '#api';
import { signUpFieldErrors, type SaveNamesResult, type SignUpResult, type StepServices } from '../../renderer/components';

/**
 * The services a step needs, wired the way the app wires them: the typed api/ client, answered by msw.
 * No retries, so an error story answers at once.
 */
export function storyServices(): StepServices {
  const api = createApiClient({ tokens: createMemoryTokenStore(), retries: 0 });
  return {
    async signUp(form): Promise<SignUpResult> {
      try {
        const answer = await api.signUp({
          email: form.email,
          username: form.email,
          first_name: form.firstName,
          last_name: form.lastName,
          has_accepted_terms: true,
          account_creation_origin: 'consultation_sign_up_haircare',
        });
        return 'magic_link_sent' in answer ? { kind: 'magic-link-sent' } : { kind: 'signed-up' };
      } catch (error) {
        if (isApiError(error, 'invalid_coupon')) return { kind: 'invalid-coupon' };
        if (isApiError(error) && error.fields) return { kind: 'field-errors', fields: signUpFieldErrors(error.fields) };
        return { kind: 'error' };
      }
    },
    async saveNames(names): Promise<SaveNamesResult> {
      try {
        await api.patchAccount({ first_name: names.firstName, last_name: names.lastName });
        return { kind: 'saved' };
      } catch (error) {
        if (isApiError(error) && error.fields) return { kind: 'field-errors', fields: signUpFieldErrors(error.fields) };
        return { kind: 'error' };
      }
    },
  };
}
