CREATE TABLE "kb_articles" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"status" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"tags" text[] NOT NULL,
	"categories" text[] NOT NULL,
	"position" integer NOT NULL,
	"html_body" text NOT NULL,
	"body_text" text NOT NULL,
	"search" "tsvector" NOT NULL,
	"updated_on" date NOT NULL,
	CONSTRAINT "kb_articles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "kb_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"slug" text NOT NULL,
	"position" integer NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "kb_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "kb_inquiries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kb_inquiries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"order_ref" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kb_inquiries_reference_unique" UNIQUE("reference"),
	CONSTRAINT "kb_inquiries_topic_check" CHECK (topic in ('order', 'subscription', 'formula', 'shipping', 'account', 'other')),
	CONSTRAINT "kb_inquiries_source_check" CHECK (source in ('contact_form', 'livechat'))
);
--> statement-breakpoint
CREATE TABLE "kb_tags" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kb_inquiries" ADD CONSTRAINT "kb_inquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kb_articles_search_idx" ON "kb_articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "kb_articles_position_idx" ON "kb_articles" USING btree ("position","title");--> statement-breakpoint
CREATE INDEX "kb_inquiries_user_idx" ON "kb_inquiries" USING btree ("user_id");