CREATE TABLE "visit_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"customer_contract_id" uuid,
	"technicians" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"score" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"channel" text NOT NULL,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"commented_at" timestamp with time zone,
	CONSTRAINT "visit_ratings_score_check" CHECK ("visit_ratings"."score" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "message_opt_outs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_ratings" ADD CONSTRAINT "visit_ratings_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_ratings" ADD CONSTRAINT "visit_ratings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_ratings" ADD CONSTRAINT "visit_ratings_customer_contract_id_customer_contracts_id_fk" FOREIGN KEY ("customer_contract_id") REFERENCES "public"."customer_contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_ratings_visit_key" ON "visit_ratings" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "visit_ratings_contract_idx" ON "visit_ratings" USING btree ("customer_contract_id");--> statement-breakpoint
CREATE INDEX "visit_ratings_technicians_idx" ON "visit_ratings" USING gin ("technicians");