import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';
import { orderItems, products } from '../db/schema';

/** One line of an order as its mails show it: what, how many, for how much (cents), and the product's catalogue picture. */
export interface OrderMailLine {
  label: string;
  quantity: number;
  totalPrice: number;
  picture: { src: string; alt: string } | null;
}

const parent = alias(products, 'parent_product');

/**
 * An order's lines for its mails, in the order's order, each with its product's picture: the variant's own, else its
 * product's (a brush's bristles), from the catalogue tables, so a product since retired keeps its picture.
 */
export async function orderMailLines(db: Database, orderId: number): Promise<OrderMailLine[]> {
  const rows = await db
    .select({ label: orderItems.label, quantity: orderItems.quantity, totalPrice: orderItems.totalPrice, own: products.content, parent: parent.content })
    .from(orderItems)
    .leftJoin(products, eq(products.type, orderItems.type))
    .leftJoin(parent, eq(parent.type, products.parentType))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  return rows.map((row) => {
    const picture = row.own?.picture ?? row.parent?.picture;
    return { label: row.label, quantity: row.quantity, totalPrice: row.totalPrice, picture: picture ? { src: picture.src, alt: picture.alt } : null };
  });
}
