CREATE TABLE "customer_contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"assignees" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"equipment" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"city_id" uuid,
	"address" text DEFAULT '' NOT NULL,
	"billing" text DEFAULT 'upfront' NOT NULL,
	"billing_period" text DEFAULT 'month' NOT NULL,
	"price_halalas" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"renewed_from" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"customer_contract_id" uuid,
	"sequence" integer,
	"scheduled_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"assignees" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"equipment" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"form_id" uuid,
	"city_id" uuid,
	"address" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"override_reason" text DEFAULT '' NOT NULL,
	"moved" boolean DEFAULT false NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "form_id" uuid;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "visit_day_start" text DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "visit_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "holidays" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_contracts" ADD CONSTRAINT "customer_contracts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_contracts" ADD CONSTRAINT "customer_contracts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_contracts" ADD CONSTRAINT "customer_contracts_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_customer_contract_id_customer_contracts_id_fk" FOREIGN KEY ("customer_contract_id") REFERENCES "public"."customer_contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_contracts_number_key" ON "customer_contracts" USING btree ("number");--> statement-breakpoint
CREATE INDEX "customer_contracts_customer_idx" ON "customer_contracts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_contracts_end_idx" ON "customer_contracts" USING btree ("status","end_date");--> statement-breakpoint
CREATE INDEX "customer_contracts_search_trgm_idx" ON "customer_contracts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "visits_number_key" ON "visits" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_contract_sequence_key" ON "visits" USING btree ("customer_contract_id","sequence");--> statement-breakpoint
CREATE INDEX "visits_scheduled_idx" ON "visits" USING btree ("scheduled_at");--> statement-breakpoint
CREATE INDEX "visits_customer_idx" ON "visits" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "visits_status_idx" ON "visits" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "visits_assignees_idx" ON "visits" USING gin ("assignees");--> statement-breakpoint
CREATE INDEX "visits_search_trgm_idx" ON "visits" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE restrict ON UPDATE no action;