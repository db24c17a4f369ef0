CREATE TABLE "cart_shipment_preferences" (
	"cart_id" integer PRIMARY KEY NOT NULL,
	"address_id" integer,
	"delivery_instructions" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_shipment_preferences_instructions_check" CHECK (char_length("cart_shipment_preferences"."delivery_instructions") <= 250)
);
--> statement-breakpoint
CREATE TABLE "customer_shipment_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"address_id" integer,
	"delivery_instructions" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_shipment_preferences_instructions_check" CHECK (char_length("customer_shipment_preferences"."delivery_instructions") <= 250)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_instructions" text;--> statement-breakpoint
ALTER TABLE "cart_shipment_preferences" ADD CONSTRAINT "cart_shipment_preferences_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_shipment_preferences" ADD CONSTRAINT "cart_shipment_preferences_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_shipment_preferences" ADD CONSTRAINT "customer_shipment_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_shipment_preferences" ADD CONSTRAINT "customer_shipment_preferences_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_shipment_preferences_address_idx" ON "cart_shipment_preferences" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "customer_shipment_preferences_address_idx" ON "customer_shipment_preferences" USING btree ("address_id");