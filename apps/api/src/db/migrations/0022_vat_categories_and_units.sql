ALTER TABLE "dashboard_service_sales" ALTER COLUMN "quantity" SET DATA TYPE numeric(18, 3);--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "quantity" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "einvoices" ADD COLUMN "zero_rated_halalas" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "einvoices" ADD COLUMN "exempt_halalas" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "einvoices" ADD COLUMN "out_of_scope_halalas" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "unit" text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_category" text DEFAULT 'S' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_exemption_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_exemption_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "vat_category" text DEFAULT 'S' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "vat_exemption_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "vat_exemption_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "unit" text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
-- Quantities may be decimal (hours, metres): the dashboard's per-service sums take them as they are.
CREATE OR REPLACE FUNCTION "dashboard_bump_services"("changes" jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "dashboard_service_sales" AS d ("service_id", "name", "lines", "quantity", "line_total_halalas")
  SELECT c."s", c."name", sum(c."n"), sum(c."q"), sum(c."t")
  FROM jsonb_to_recordset("changes") AS c("s" uuid, "name" text, "n" bigint, "q" numeric, "t" bigint)
  GROUP BY c."s", c."name" HAVING sum(c."n") <> 0 OR sum(c."q") <> 0 OR sum(c."t") <> 0
  ORDER BY c."s", c."name"
  ON CONFLICT ("service_id", "name") DO UPDATE SET "lines" = d."lines" + excluded."lines",
    "quantity" = d."quantity" + excluded."quantity",
    "line_total_halalas" = d."line_total_halalas" + excluded."line_total_halalas";
$$;
