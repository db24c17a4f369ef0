import type { Operation } from '../http/operation';
import { tokenizeTestCard } from './tokenize-test-card';

/** The payment calls (issue 14): the test provider's tokeniser for now; placing orders and saved cards come with orders. */
export const paymentOperations: Operation[] = [tokenizeTestCard];
