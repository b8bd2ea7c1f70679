CREATE TABLE "visit_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"action_id" uuid NOT NULL,
	"field" text NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"length" integer NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "visit_files" ADD CONSTRAINT "visit_files_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_files" ADD CONSTRAINT "visit_files_action_id_visit_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."visit_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_files_action_key" ON "visit_files" USING btree ("action_id");--> statement-breakpoint
CREATE INDEX "visit_files_visit_idx" ON "visit_files" USING btree ("visit_id");