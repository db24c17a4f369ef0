import type { Operation } from '../http/operation';
import { authenticateTestCharge } from './authenticate-test-charge';
import { tokenizeTestCard } from './tokenize-test-card';
import { approveTestWallet } from './approve-test-wallet';
import { paymentMethodOperations } from './payment-methods';

/** The payment calls (issue 14): the test provider's tokeniser and its authentication page's call (orders: server/orders/). */
export const paymentOperations: Operation[] = [tokenizeTestCard, authenticateTestCharge, approveTestWallet, ...paymentMethodOperations];
