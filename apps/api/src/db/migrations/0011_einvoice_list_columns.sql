ALTER TABLE "einvoices" ADD COLUMN "buyer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "einvoices" ADD COLUMN "order_number" integer DEFAULT 0 NOT NULL;