CREATE TABLE "tracking_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"visitor_id" text,
	"user_id" integer,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"path" text,
	"flow" text,
	"step" text,
	"variant" text,
	"arms" jsonb,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "tracking_events_kind_check" CHECK (kind in ('pageview', 'cta_click', 'event', 'marketing', 'server'))
);
--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_events_at_idx" ON "tracking_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "tracking_events_flow_idx" ON "tracking_events" USING btree ("flow","at");--> statement-breakpoint
CREATE INDEX "tracking_events_visitor_idx" ON "tracking_events" USING btree ("visitor_id","at");