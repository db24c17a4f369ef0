ALTER TABLE "coupon_counters" DROP CONSTRAINT "coupon_counters_uses_check";--> statement-breakpoint
ALTER TABLE "coupon_counters" DROP COLUMN "uses";