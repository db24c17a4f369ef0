CREATE TABLE "subscription_upsells" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_upsells_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"category" text NOT NULL,
	"sub_category" text NOT NULL,
	"consultation_answered" boolean NOT NULL,
	"products" jsonb NOT NULL,
	"next_start" date NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"subscription_id" integer,
	"request_hash" text,
	CONSTRAINT "subscription_upsells_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "subscription_upsells_category_check" CHECK ("subscription_upsells"."category" in ('haircare', 'skincare') and "subscription_upsells"."sub_category" in ('topicals', 'supplements'))
);
--> statement-breakpoint
ALTER TABLE "subscription_upsells" ADD CONSTRAINT "subscription_upsells_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_upsells" ADD CONSTRAINT "subscription_upsells_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_upsells_user_idx" ON "subscription_upsells" USING btree ("user_id","category","sub_category");