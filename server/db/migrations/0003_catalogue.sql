CREATE TABLE "product_prices" (
	"product_type" text NOT NULL,
	"currency" text NOT NULL,
	"price" integer NOT NULL,
	"subscribed_price" integer NOT NULL,
	CONSTRAINT "product_prices_product_type_currency_pk" PRIMARY KEY("product_type","currency"),
	CONSTRAINT "product_prices_positive_check" CHECK ("product_prices"."price" > 0 and "product_prices"."subscribed_price" > 0 and "product_prices"."subscribed_price" <= "product_prices"."price")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"type" text PRIMARY KEY NOT NULL,
	"parent_type" text,
	"label" text NOT NULL,
	"category" text NOT NULL,
	"sub_category" text,
	"is_custom" boolean NOT NULL,
	"is_subscribable" boolean NOT NULL,
	"subscription_discount_bp" integer DEFAULT 0 NOT NULL,
	"ranks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"sold_out" boolean DEFAULT false NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"display_order" integer,
	"variant_order" integer,
	"variant_slug" text,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_category_check" CHECK ("products"."category" in ('haircare', 'skincare', 'others'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_type" text NOT NULL,
	"email" text NOT NULL,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_type_products_type_fk" FOREIGN KEY ("product_type") REFERENCES "public"."products"("type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_parent_type_products_type_fk" FOREIGN KEY ("parent_type") REFERENCES "public"."products"("type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_product_type_products_type_fk" FOREIGN KEY ("product_type") REFERENCES "public"."products"("type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_product_email_idx" ON "waitlist_entries" USING btree ("product_type","email");