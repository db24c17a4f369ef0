CREATE TABLE "cart_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cart_id" integer NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"product" text NOT NULL,
	"quantity" integer NOT NULL,
	"customization" jsonb,
	"subscription_active" boolean DEFAULT false NOT NULL,
	"frequency" integer,
	"section" text,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_check" CHECK ("cart_items"."quantity" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pubkey" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"origin" text,
	"currency" text NOT NULL,
	"is_in_checkout" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_pubkey_unique" UNIQUE("pubkey"),
	CONSTRAINT "carts_kind_check" CHECK ("carts"."kind" in ('haircare', 'skincare', 'universal'))
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_type_products_type_fk" FOREIGN KEY ("type") REFERENCES "public"."products"("type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_line_idx" ON "cart_items" USING btree ("cart_id","category","type","product");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_user_kind_idx" ON "carts" USING btree ("user_id","kind");