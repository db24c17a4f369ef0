CREATE TABLE "subscription_coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"percent_off" integer NOT NULL,
	"label" text NOT NULL,
	"origin" text NOT NULL,
	"order_id" integer,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_coupons_percent_check" CHECK ("subscription_coupons"."percent_off" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"comment" text,
	"offer" text,
	"due_on" date,
	"order_id" integer,
	"state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_events_kind_check" CHECK (kind in ('canceled', 'offer_accepted', 'resubscribed', 'ship_now', 'renewal_reminder')),
	CONSTRAINT "subscription_events_state_check" CHECK (state is null or state in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "subscription_coupons" ADD CONSTRAINT "subscription_coupons_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_coupons" ADD CONSTRAINT "subscription_coupons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_coupons_unused_idx" ON "subscription_coupons" USING btree ("subscription_id") WHERE used_at is null;--> statement-breakpoint
CREATE INDEX "subscription_events_subscription_idx" ON "subscription_events" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_events_reminder_idx" ON "subscription_events" USING btree ("subscription_id","due_on") WHERE kind = 'renewal_reminder';--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_events_ship_now_idx" ON "subscription_events" USING btree ("order_id") WHERE kind = 'ship_now';