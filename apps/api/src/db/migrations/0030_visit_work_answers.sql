CREATE TABLE "visit_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"action_id" uuid NOT NULL,
	"field" text NOT NULL,
	"value" jsonb,
	"form_version" integer NOT NULL,
	"answered_by" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visit_answers" ADD CONSTRAINT "visit_answers_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_answers" ADD CONSTRAINT "visit_answers_action_id_visit_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."visit_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_answers_visit_field_idx" ON "visit_answers" USING btree ("visit_id","field","received_at");