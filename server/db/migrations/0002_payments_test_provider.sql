CREATE TABLE "test_provider_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"source_ref" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"decline_code" text,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "test_provider_charges_key_idx" ON "test_provider_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "test_provider_charges_source_idx" ON "test_provider_charges" USING btree ("source_ref");