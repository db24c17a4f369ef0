CREATE TABLE "email_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "email_changes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "magic_links" DROP CONSTRAINT "magic_links_guest_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "magic_links" ADD COLUMN "guest_session_id" text;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_changes_expires_idx" ON "email_changes" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "magic_links" ADD CONSTRAINT "magic_links_guest_session_id_auth_sessions_id_fk" FOREIGN KEY ("guest_session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_links" DROP COLUMN "guest_user_id";--> statement-breakpoint
-- A username may only be an e-mail address when it is the account's own (server/identity/README.md): one shaped like
-- anybody else's address is taken back, then customers without a username get their e-mail as the username.
UPDATE "users" SET "username" = NULL WHERE "username" LIKE '%@%' AND "username" IS DISTINCT FROM "email";--> statement-breakpoint
UPDATE "users" SET "username" = "email" WHERE "username" IS NULL AND "email" IS NOT NULL AND "is_guest" = false;
