CREATE TABLE "livechat_conversations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "livechat_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pubkey" text NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"reply_to" text NOT NULL,
	"message_count" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "livechat_conversations_pubkey_unique" UNIQUE("pubkey"),
	CONSTRAINT "livechat_conversations_status_check" CHECK (status in ('open', 'closed')),
	CONSTRAINT "livechat_conversations_messages_check" CHECK ("livechat_conversations"."message_count" >= 1)
);
--> statement-breakpoint
ALTER TABLE "livechat_conversations" ADD CONSTRAINT "livechat_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "livechat_conversations_user_idx" ON "livechat_conversations" USING btree ("user_id","created_at");