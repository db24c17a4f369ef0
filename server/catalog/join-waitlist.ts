import { and, eq } from 'drizzle-orm';
import { products, waitlistEntries } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import { ApiError, notFound } from '../http/api-error';
import { clientIp } from '../http/client-ip';
import { defineOperation } from '../http/operation';
import { hitRateLimit } from '../http/rate-limit';
import { waitlistMail } from './waitlist-mail';

/**
 * POST /v1/products/{type}/waitlist/: a shopper asks to hear when a sold-out product is back (spec 001 §4 Products).
 * One entry per product and address: joining again answers the same and sends no second mail, so the answer does
 * not tell whether an address was already there. The confirmation goes through the outbox in the same transaction.
 */
export const joinWaitlist = defineOperation(
  'joinWaitlist',
  {
    summary: 'Join a sold-out product’s waitlist',
    tag: 'catalogue',
    responses: {
      201: 'On the waitlist (a confirmation mail is sent the first time)',
      400: 'validation_error: the e-mail address is not valid',
      404: 'unknown_product',
      409: 'product_available: the product is not sold out',
      429: 'Too many sign-ups from this address',
    },
  },
  async ({ c, body, params, services }) => {
    await hitRateLimit(services, `waitlist:ip:${clientIp(c, services.config.trustProxy)}`, services.config.rateLimits?.waitlistPerIp);
    const type = params.type ?? '';
    const [product] = await services.db
      .select({ type: products.type, label: products.label, soldOut: products.soldOut, pageUrl: products.content })
      .from(products)
      .where(and(eq(products.type, type), eq(products.retired, false)))
      .limit(1);
    if (!product) throw notFound('unknown_product', 'There is no product of this type.');
    if (!product.soldOut) throw new ApiError(409, 'product_available', `${product.label} is available: you can order it now.`);
    const now = services.clock.now();
    const joined = await services.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(waitlistEntries)
        .values({ productType: product.type, email: body.email, country: body.country?.toUpperCase() ?? null, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: waitlistEntries.id });
      if (inserted.length === 0) return false;
      await enqueueMail(tx, now, waitlistMail(body.email, product.label, `${services.config.publicUrl}${product.pageUrl.page_url ?? '/'}`));
      return true;
    });
    if (joined) services.mailer.wake();
    return c.json({ product: product.type, email: body.email, joined: true }, 201);
  },
);
