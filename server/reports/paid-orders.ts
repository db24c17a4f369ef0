/**
 * A checkout's other end: the orders paid in the window from that category's checkout (the orders table), beside the
 * visitors who reached its Order Success page. The web app's step views carry no customer (a beacon has no token), so
 * the two are counted apart: an order paid from a universal cart counts for each category it holds.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { orders } from '../db/schema';
import type { ReportWindow } from './report-window';

export async function paidOrdersIn(db: Database, category: string, window: ReportWindow): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as paid from ${orders}
    where paid_at >= ${window.since.toISOString()}::timestamptz and paid_at < ${window.until.toISOString()}::timestamptz
      and (cart_kind = ${category} or (cart_kind = 'universal' and categories @> ${JSON.stringify([category])}::jsonb))`);
  return (result as unknown as { rows: { paid: number }[] }).rows[0]?.paid ?? 0;
}
