import { count, desc, eq, inArray, ne } from 'drizzle-orm';
import { formatMoney, toMoney } from '#api/money';
import type { Database } from '../db/database';
import { ORDER_STATUSES, orderItems, orders, users, type OrderStatus } from '../db/schema';
import { trackingView } from '../orders/fulfilment-tracking';

/** One order as the operator's table lists it. */
export interface OrderListing {
  serialNo: number;
  status: OrderStatus;
  placedAt: Date;
  customer: string;
  items: number;
  total: string;
  tracking: string;
}

/** The statuses `--status` takes: the order statuses, and "processing" for the four the shopper sees as processing (spec 001 §4 Orders). */
export const LISTED_STATUSES = [...ORDER_STATUSES, 'processing'] as const;
const PROCESSING: OrderStatus[] = ['paid', 'onhold', 'processed', 'packing'];

/** Orders newest first: those of the given statuses, or every placed one (a declined attempt is not an order, API.md). */
export async function listOrders(db: Database, statuses: readonly (typeof LISTED_STATUSES)[number][], limit: number): Promise<OrderListing[]> {
  const wanted = statuses.flatMap((status) => (status === 'processing' ? PROCESSING : [status]));
  const rows = await db
    .select({ order: orders, email: users.email, items: count(orderItems.id) })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(wanted.length ? inArray(orders.status, wanted) : ne(orders.status, 'payment_failed'))
    .groupBy(orders.id, users.email)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map(({ order, email, items }) => {
    const tracking = trackingView(order.trackingNumber, order.carrier);
    return {
      serialNo: order.serialNo,
      status: order.status,
      placedAt: order.createdAt,
      customer: email ?? '(guest)',
      items: Number(items),
      total: formatMoney(toMoney(order.totalAmount), order.currency),
      tracking: tracking ? `${tracking.carrier} ${tracking.number}` : '',
    };
  });
}

/** The listings as a plain-text table, columns padded to their widest cell. */
export function ordersTable(listings: readonly OrderListing[]): string {
  if (listings.length === 0) return 'No orders.\n';
  const header = ['ORDER', 'STATUS', 'PLACED', 'CUSTOMER', 'ITEMS', 'TOTAL', 'TRACKING'];
  const rows = listings.map((o) => [
    String(o.serialNo),
    o.status,
    o.placedAt.toISOString().slice(0, 16).replace('T', ' '),
    o.customer,
    String(o.items),
    o.total,
    o.tracking,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 4 || column === 5 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n') + '\n';
}
