import type { Operation } from '../http/operation';
import { getCartSections, getProducts } from './get-products';
import { joinWaitlist } from './join-waitlist';

/** The catalogue's calls (spec 001 §7 Catalogue, §4 Products). */
export const catalogueOperations: Operation[] = [getProducts, getCartSections, joinWaitlist];
