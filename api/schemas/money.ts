import { z } from 'zod';
import { CURRENCIES, isWholeCents } from '../money';

// Money on the wire (API.md "Money on the wire"; api/money.ts): one schema for every price and total.

/** An amount of money in the currency's units (32, 24.65): whole cents. */
export const money = z.number().refine(isWholeCents, 'Expected whole cents.');

/** A currency the shop sells in (spec 001 §9 Countries). */
export const currency = z.enum(CURRENCIES);
