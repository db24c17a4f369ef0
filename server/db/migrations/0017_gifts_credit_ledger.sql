CREATE TABLE "credit_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"gift_id" integer,
	"order_id" integer,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_source_unique" UNIQUE("source"),
	CONSTRAINT "credit_ledger_kind_check" CHECK (kind in ('gift_card', 'order_spent', 'order_returned', 'referral')),
	CONSTRAINT "credit_ledger_currency_check" CHECK (currency in ('USD', 'CAD')),
	CONSTRAINT "credit_ledger_sign_check" CHECK ((kind = 'order_spent' and amount < 0) or (kind <> 'order_spent' and amount > 0)),
	CONSTRAINT "credit_ledger_gift_card_check" CHECK (kind <> 'gift_card' or gift_id is not null),
	CONSTRAINT "credit_ledger_referral_check" CHECK (kind <> 'referral' or source is not null),
	CONSTRAINT "credit_ledger_order_check" CHECK (kind not in ('order_spent', 'order_returned') or order_id is not null)
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pubkey" text NOT NULL,
	"gifter_id" integer NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"occasion" text NOT NULL,
	"message" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"sender_name" text NOT NULL,
	"send_on" date NOT NULL,
	"send_at" timestamp with time zone,
	"order_id" integer,
	"paid_at" timestamp with time zone,
	"code_hash" text,
	"sent_at" timestamp with time zone,
	"redeemed_by_id" integer,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_pubkey_unique" UNIQUE("pubkey"),
	CONSTRAINT "gifts_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "gifts_status_check" CHECK (status in ('awaiting_payment', 'scheduled', 'sent', 'redeemed', 'replaced')),
	CONSTRAINT "gifts_occasion_check" CHECK (occasion in ('holidays', 'birthday', 'just_because', 'graduation')),
	CONSTRAINT "gifts_amount_check" CHECK ("gifts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_gifter_id_users_id_fk" FOREIGN KEY ("gifter_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_redeemed_by_id_users_id_fk" FOREIGN KEY ("redeemed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_gift_card_idx" ON "credit_ledger" USING btree ("gift_id") WHERE kind = 'gift_card';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_order_spent_idx" ON "credit_ledger" USING btree ("order_id") WHERE kind = 'order_spent';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_order_returned_idx" ON "credit_ledger" USING btree ("order_id") WHERE kind = 'order_returned';--> statement-breakpoint
CREATE INDEX "gifts_gifter_idx" ON "gifts" USING btree ("gifter_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_order_idx" ON "gifts" USING btree ("order_id");