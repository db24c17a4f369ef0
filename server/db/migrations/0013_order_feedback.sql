CREATE TABLE "feedback_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"feedback_name" text NOT NULL,
	"topic" text NOT NULL,
	"field" text NOT NULL,
	"question_num" integer NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"category" text NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"origin" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_feedback_category_check" CHECK ("order_feedback"."category" in ('haircare', 'skincare', 'supplements')),
	CONSTRAINT "order_feedback_status_check" CHECK ("order_feedback"."status" in ('started', 'completed')),
	CONSTRAINT "order_feedback_completed_check" CHECK (("order_feedback"."status" = 'completed') = ("order_feedback"."completed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "order_open_text_feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_open_text_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"product" text NOT NULL,
	"feedback_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_open_text_feedback_text_check" CHECK (char_length("order_open_text_feedback"."feedback_text") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "feedback_events" ADD CONSTRAINT "feedback_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_events" ADD CONSTRAINT "feedback_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_feedback" ADD CONSTRAINT "order_feedback_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_open_text_feedback" ADD CONSTRAINT "order_open_text_feedback_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_events_name_idx" ON "feedback_events" USING btree ("feedback_name","created_at");--> statement-breakpoint
CREATE INDEX "feedback_events_order_idx" ON "feedback_events" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_feedback_order_category_idx" ON "order_feedback" USING btree ("order_id","category");--> statement-breakpoint
CREATE UNIQUE INDEX "order_open_text_feedback_order_product_idx" ON "order_open_text_feedback" USING btree ("order_id","product");