import { and, asc, eq, sql } from 'drizzle-orm';
import type { CartItemUpdate } from '#api';
import type { Currency } from '#api/money';
import type { Database } from '../db/database';
import { cartItems, carts, hairProfiles, type CartKind } from '../db/schema';
import { newPubkey } from '../identity/token-hash';
import type { CatalogueEntry } from '../catalog/catalogue-reader';
import { checkLine, productOf, type CheckedLine, type ShopperFacts } from './cart-rules';
import { validationError } from '../http/api-error';

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;

/** Origin codes a cart can be loaded with, and what they mean (spec 001 §3 Cart: "mapped to trial_kit_a, trial_kit_b or trial_kit_c"). */
export const ORIGIN_CODES: Record<string, string> = { a: 'trial_kit_a', b: 'trial_kit_b', c: 'trial_kit_c' };

/** The origin as stored: a trial kit's code becomes its name; any other origin is kept as sent, lower-cased. */
export function originOf(code: string): string {
  const lower = code.toLowerCase();
  return ORIGIN_CODES[lower] ?? lower;
}

/** A trial kit's cart holds one product: adding another replaces it (spec 001 §4 Cart; the condition is ours). */
export const isTrialKit = (cart: Pick<CartRow, 'origin'>): boolean => cart.origin?.startsWith('trial_kit_') ?? false;

/** The shopper's cart of `kind` and its lines, or null. */
export async function findCart(db: Database, userId: number, kind: CartKind): Promise<{ cart: CartRow; items: CartItemRow[] } | null> {
  const [cart] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.userId, userId), eq(carts.kind, kind)))
    .limit(1);
  if (!cart) return null;
  return { cart, items: await linesOf(db, cart.id) };
}

const linesOf = (db: Database, cartId: number) => db.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.position));

/** A cart locked for the rest of a transaction, with its lines in order. */
export interface LockedCart {
  cart: CartRow;
  items: CartItemRow[];
  /** Whether this transaction made the cart. */
  made: boolean;
}

/**
 * The shopper's cart of `kind`, locked for the rest of the transaction: two tabs changing one cart take turns, each
 * seeing the other's lines, so neither loses a change. One statement locks the row, raises its version and makes
 * the cart-level `changes`; with `create`, a missing cart is made (unless another request made it first: then that
 * one is locked). Null when there is no cart and none is to be made.
 */
export async function lockCart(
  tx: Database,
  userId: number,
  kind: CartKind,
  now: Date,
  options: { create?: { currency: Currency }; changes?: Partial<Pick<CartRow, 'isInCheckout' | 'origin' | 'currency'>> } = {},
): Promise<LockedCart | null> {
  // The lines are read by a statement of their own, after the lock is held: in PostgreSQL's read committed, a
  // statement sees the rows committed when it started, so lines read in the locking statement itself (a CTE) would
  // miss those the other tab committed while this one waited for the lock, and the line would be added twice.
  const bump = async () => {
    const [cart] = await tx
      .update(carts)
      .set({ ...options.changes, version: sql`${carts.version} + 1`, updatedAt: now })
      .where(and(eq(carts.userId, userId), eq(carts.kind, kind)))
      .returning();
    return cart ? { cart, items: await linesOf(tx, cart.id) } : null;
  };
  const found = await bump();
  if (found) return { ...found, made: false };
  if (!options.create) return null;
  const [cart] = await tx
    .insert(carts)
    .values({ pubkey: newPubkey(), userId, kind, currency: options.create.currency, ...options.changes, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (cart) return { cart, items: [], made: true };
  // Another request made it first: that one is locked and read.
  const made = await bump();
  return made && { ...made, made: false };
}

/** Whether the shopper has completed the haircare consultation (spec 001 §5: candles and the towel need it). */
export async function haircareCompleted(db: Database, userId: number): Promise<boolean> {
  const [row] = await db.select({ statuses: hairProfiles.consultationStatuses }).from(hairProfiles).where(eq(hairProfiles.userId, userId)).limit(1);
  return row?.statuses.haircare === 'completed';
}

/**
 * Checks every requested line (400 naming `items.<n>.<field>` for each problem, nothing saved), then applies them to
 * the locked cart: quantity 0 removes a line, a known line changes, a new one is added after the others. In a trial
 * kit's cart a new product first removes every other line and comes with quantity 1 (spec 001 §4 Cart).
 */
export async function applyLines(
  tx: Database,
  locked: LockedCart,
  updates: readonly CartItemUpdate[],
  entries: ReadonlyMap<string, CatalogueEntry>,
  shopper: ShopperFacts,
  now: Date,
): Promise<CartItemRow[]> {
  const checked: CheckedLine[] = [];
  const fields: Record<string, string[]> = {};
  updates.forEach((update, i) => {
    const result = checkLine(update as never, entries, locked.cart.kind, shopper);
    if ('problems' in result) for (const [field, message] of Object.entries(result.problems)) fields[`items.${i}.${field}`] = [message];
    else checked.push(result.line);
  });
  if (Object.keys(fields).length > 0) throw validationError(fields, 'Some lines cannot be added to this cart.');
  let position = locked.items.reduce((max, item) => Math.max(max, item.position), 0);
  let kept = locked.items;
  for (const line of checked) {
    const same = kept.find((item) => item.category === line.category && item.type === line.type && item.product === line.product);
    if (line.quantity === 0) {
      if (same) await tx.delete(cartItems).where(eq(cartItems.id, same.id));
      kept = kept.filter((item) => item !== same);
      continue;
    }
    if (same) {
      const [changed] = await tx
        .update(cartItems)
        .set({
          quantity: line.quantity,
          ...(line.subscription ? { subscriptionActive: line.subscription.active, frequency: line.subscription.frequency } : {}),
          ...(line.monograms !== undefined ? { customization: { ...same.customization, monograms: line.monograms } } : {}),
        })
        .where(eq(cartItems.id, same.id))
        .returning();
      kept = kept.map((item) => (item === same ? changed! : item));
      continue;
    }
    const entry = entries.get(line.type)!;
    let quantity = line.quantity;
    if (isTrialKit(locked.cart)) {
      await tx.delete(cartItems).where(eq(cartItems.cartId, locked.cart.id));
      kept = [];
      quantity = 1;
    }
    // A new subscribable line is a subscription at its recommended frequency unless the request says otherwise (spec 001 §4).
    const subscription = line.subscription ?? { active: entry.isSubscribable, frequency: line.defaultFrequency };
    position += 1;
    const [inserted] = await tx
      .insert(cartItems)
      .values({
        cartId: locked.cart.id,
        category: line.category,
        type: line.type,
        product: productOf(entry),
        quantity,
        customization: line.monograms ? { monograms: line.monograms } : null,
        subscriptionActive: subscription.active && entry.isSubscribable,
        frequency: entry.isSubscribable ? (subscription.frequency ?? line.defaultFrequency) : null,
        section: null,
        position,
        createdAt: now,
      })
      .returning();
    kept = [...kept, inserted!];
  }
  return kept;
}

/** Replaces every line of the locked cart (the recommendation cart, spec 001 §7 Cart load) and returns the new ones. */
export async function replaceLines(tx: Database, cart: CartRow, lines: readonly (typeof cartItems.$inferInsert)[], now: Date): Promise<CartItemRow[]> {
  await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
  if (lines.length === 0) return [];
  return tx
    .insert(cartItems)
    .values(lines.map((line, i) => ({ ...line, cartId: cart.id, position: i + 1, createdAt: now })))
    .returning();
}
