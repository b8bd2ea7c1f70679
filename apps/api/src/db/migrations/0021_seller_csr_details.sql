ALTER TABLE "settings" ADD COLUMN "branch_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "vat_group_tin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "business_category" text DEFAULT '' NOT NULL;