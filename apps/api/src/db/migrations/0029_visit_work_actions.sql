CREATE TABLE "visit_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_action_id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text,
	"actor_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"location" jsonb,
	"note" text DEFAULT '' NOT NULL,
	"answer_status" integer,
	"answer" jsonb
);
--> statement-breakpoint
ALTER TABLE "visit_actions" ADD CONSTRAINT "visit_actions_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_actions_client_action_key" ON "visit_actions" USING btree ("client_action_id");--> statement-breakpoint
CREATE INDEX "visit_actions_visit_idx" ON "visit_actions" USING btree ("visit_id","received_at");