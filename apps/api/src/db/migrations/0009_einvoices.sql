CREATE TABLE "einvoice_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"einvoice_id" uuid NOT NULL,
	"action" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "einvoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"phase" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"uuid" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"payment_id" uuid,
	"corrects_id" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"total_halalas" bigint NOT NULL,
	"vat_halalas" bigint NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_by" uuid,
	"previous_hash" text,
	"hash" text,
	"qr" text,
	"xml" text,
	"status" text NOT NULL,
	"zatca_messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"customer_notified_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zatca_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"environment" text NOT NULL,
	"private_key_enc" text NOT NULL,
	"certificate" text NOT NULL,
	"secret_enc" text DEFAULT '' NOT NULL,
	"request_id" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoiced_halalas" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "cr_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "seller_address" jsonb;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "four_eyes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "einvoice_submissions" ADD CONSTRAINT "einvoice_submissions_einvoice_id_einvoices_id_fk" FOREIGN KEY ("einvoice_id") REFERENCES "public"."einvoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoices" ADD CONSTRAINT "einvoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoices" ADD CONSTRAINT "einvoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "einvoices" ADD CONSTRAINT "einvoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "einvoice_submissions_einvoice_key" ON "einvoice_submissions" USING btree ("einvoice_id");--> statement-breakpoint
CREATE INDEX "einvoice_submissions_due_idx" ON "einvoice_submissions" USING btree ("done_at","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "einvoices_seq_key" ON "einvoices" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "einvoices_number_key" ON "einvoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "einvoices_uuid_key" ON "einvoices" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "einvoices_order_idx" ON "einvoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "einvoices_customer_idx" ON "einvoices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "einvoices_payment_idx" ON "einvoices" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "einvoices_corrects_idx" ON "einvoices" USING btree ("corrects_id");--> statement-breakpoint
CREATE INDEX "einvoices_issued_idx" ON "einvoices" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "einvoices_status_idx" ON "einvoices" USING btree ("status","issued_at");--> statement-breakpoint
CREATE INDEX "einvoices_search_trgm_idx" ON "einvoices" USING gin ("search_text" gin_trgm_ops);