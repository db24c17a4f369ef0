import type { TestCard } from '#api';
import { isApiError } from '#api/shared';
import type { CheckoutFacts, TokenOutcome, WalletOutcome } from '../../shop/checkout/checkout-facts';
import { loadAppServices } from '../app-services';
import { reportError } from '../report-error';

/** Mails a sign-in link that brings the shopper back to `next` (a checkout step). */
async function sendSignInLink(email: string, next: string): Promise<'sent' | 'error'> {
  const { api } = await loadAppServices();
  try {
    await api.requestMagicLink({ username: email, next });
    return 'sent';
  } catch (error) {
    reportError('sending a sign-in link from the checkout', error);
    return 'error';
  }
}

/** The card provider's tokeniser (spec 001 §7, §8): its refusal is 'error' with its words, an exception 'failure'. */
async function tokenizeCard(card: TestCard): Promise<TokenOutcome> {
  const { api } = await loadAppServices();
  try {
    return { kind: 'token', token: await api.tokenizeTestCard(card) };
  } catch (error) {
    if (isApiError(error) && error.status === 400) {
      // The card's fields are named within it (card.number): the form knows them by their own names.
      const [field, messages] = Object.entries(error.fields ?? {})[0] ?? [];
      const own = field?.replace(/^card\./, '');
      return { kind: 'error', message: messages?.[0] ?? error.detail, ...(own ? { field: own as keyof TestCard } : {}) };
    }
    if (isApiError(error) && error.status === 429) return { kind: 'error', message: error.detail };
    return { kind: 'failure' };
  }
}

/** Who takes cards (the client token call, spec 001 §7), asked each time the payment step opens. */
async function cardProvider(): ReturnType<CheckoutFacts['cardProvider']> {
  const { api } = await loadAppServices();
  return api.getPaymentClientToken({ payment_mode: 'charge' });
}

/** The wallet-type provider (spec 001 §4, §8): its nonce, or 'failure' for its refusal and for any exception alike. */
async function payWithWallet(email: string): Promise<WalletOutcome> {
  const { api } = await loadAppServices();
  try {
    const approved = await api.approveTestWallet(email);
    return { kind: 'nonce', nonce: approved.nonce, email: approved.email };
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) reportError('the wallet’s approval', error);
    return { kind: 'failure' };
  }
}

/**
 * What the checkout's steps call that is not a save: the payment providers (who takes cards, the test tokeniser, the wallet), which
 * take the card or the wallet's approval in the browser, and the sign-in link for a shopper who has an account.
 */
export function checkoutServices(signInLinkTo: () => string): Pick<CheckoutFacts, 'sendSignInLink' | 'tokenizeCard' | 'cardProvider' | 'payWithWallet'> {
  return { sendSignInLink: (email) => sendSignInLink(email, signInLinkTo()), tokenizeCard, cardProvider, payWithWallet };
}
