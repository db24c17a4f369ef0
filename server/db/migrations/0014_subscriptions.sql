CREATE TABLE "subscription_origins" (
	"order_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_origins_order_id_subscription_id_pk" PRIMARY KEY("order_id","subscription_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"type" text NOT NULL,
	"product" text NOT NULL,
	"quantity" integer NOT NULL,
	"frequency" integer NOT NULL,
	"next_start" date NOT NULL,
	"skipped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_products_quantity_check" CHECK ("subscription_products"."quantity" > 0),
	CONSTRAINT "subscription_products_frequency_check" CHECK ("subscription_products"."frequency" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_renewals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_renewals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"status" text NOT NULL,
	"order_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_renewals_status_check" CHECK (status in ('pending', 'paid', 'declined', 'held'))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pubkey" text NOT NULL,
	"user_id" integer NOT NULL,
	"category" text NOT NULL,
	"sub_category" text NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"shipping_address" jsonb NOT NULL,
	"payment_method_id" integer,
	"discount_percentage" integer NOT NULL,
	"currency" text NOT NULL,
	"must_have_jars" boolean DEFAULT true NOT NULL,
	"failed_charges" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "subscriptions_pubkey_unique" UNIQUE("pubkey"),
	CONSTRAINT "subscriptions_status_check" CHECK (status in ('active', 'onhold', 'canceled')),
	CONSTRAINT "subscriptions_reason_check" CHECK (status_reason is null or status_reason in ('payment_error', 'invalid_fragrance', 'uncaught_error', 'other')),
	CONSTRAINT "subscriptions_category_check" CHECK ("subscriptions"."category" in ('haircare', 'skincare') and "subscriptions"."sub_category" in ('topicals', 'supplements')),
	CONSTRAINT "subscriptions_discount_check" CHECK ("subscriptions"."discount_percentage" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "subscription_origins" ADD CONSTRAINT "subscription_origins_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_origins" ADD CONSTRAINT "subscription_origins_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_products" ADD CONSTRAINT "subscription_products_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_origins_subscription_idx" ON "subscription_origins" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_products_type_idx" ON "subscription_products" USING btree ("subscription_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_renewals_due_idx" ON "subscription_renewals" USING btree ("subscription_id","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_current_idx" ON "subscriptions" USING btree ("user_id","category","sub_category") WHERE status in ('active', 'onhold');--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");