CREATE TABLE "equipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"serial_number" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"installed_at" date,
	"warranty_until" date,
	"notes" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "start_date" SET DATA TYPE date USING NULLIF("start_date", '')::date;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "end_date" SET DATA TYPE date USING NULLIF("end_date", '')::date;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "due_date" SET DATA TYPE date USING NULLIF("due_date", '')::date;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_serial_number_key" ON "equipment" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "equipment_customer_idx" ON "equipment" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "equipment_installed_idx" ON "equipment" USING btree ("installed_at");--> statement-breakpoint
CREATE INDEX "equipment_search_trgm_idx" ON "equipment" USING gin ("search_text" gin_trgm_ops);