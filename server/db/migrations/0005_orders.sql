CREATE SEQUENCE "public"."order_serials" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pubkey" text NOT NULL,
	"order_id" integer NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"product" text NOT NULL,
	"label" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"total_price" integer NOT NULL,
	"subscription_active" boolean NOT NULL,
	"frequency" integer,
	"is_formula" boolean NOT NULL,
	"product_category" text NOT NULL,
	"formula" jsonb,
	"customization" jsonb,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_pubkey_unique" UNIQUE("pubkey"),
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pubkey" text NOT NULL,
	"serial_no" integer DEFAULT nextval('order_serials') NOT NULL,
	"user_id" integer NOT NULL,
	"cart_id" integer,
	"cart_version" integer NOT NULL,
	"cart_kind" text NOT NULL,
	"categories" jsonb NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"total_price" integer NOT NULL,
	"total_discount" integer NOT NULL,
	"total_shipping" integer NOT NULL,
	"total_taxes" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"is_subscription" boolean NOT NULL,
	"survey" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"payment_provider" text,
	"charge_id" text,
	"card_brand" text,
	"card_last4" text,
	"action_url" text,
	"decline_code" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_pubkey_unique" UNIQUE("pubkey"),
	CONSTRAINT "orders_serial_no_unique" UNIQUE("serial_no"),
	CONSTRAINT "orders_status_check" CHECK (status in ('pending_payment', 'payment_failed', 'paid', 'onhold', 'processed', 'packing', 'shipped', 'delivered', 'canceled')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."total_amount" >= 0 and "orders"."total_price" >= 0 and "orders"."total_discount" >= 0 and "orders"."total_shipping" >= 0 and "orders"."total_taxes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_key_idx" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_cart_idx" ON "orders" USING btree ("cart_id","cart_version");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");