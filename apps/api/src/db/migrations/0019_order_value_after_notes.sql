-- A note is a final correction (packages/domain receivables.ts): an order's value is its total plus
-- debit notes minus credit notes, and only tax invoices settle what is uninvoiced. A document
-- FATOORA rejected counts nowhere. Existing orders are recomputed from their documents.
ALTER TABLE "orders" ADD COLUMN "adjusted_halalas" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET
  "adjusted_halalas" = d.adjusted,
  "invoiced_halalas" = d.invoiced,
  "balance_halalas" = o."balance_halalas" + d.adjusted
FROM (
  SELECT "order_id",
    coalesce(sum(case when "kind" = 'credit' then -"total_halalas" when "kind" = 'debit' then "total_halalas" else 0 end), 0) AS adjusted,
    coalesce(sum(case when "kind" = 'credit' then -"total_halalas" else "total_halalas" end), 0) AS invoiced
  FROM "einvoices" WHERE "status" <> 'rejected' GROUP BY "order_id"
) d
WHERE d."order_id" = o."id";--> statement-breakpoint
UPDATE "orders" SET "invoiced_halalas" = 0
WHERE "invoiced_halalas" <> 0 AND NOT EXISTS (
  SELECT 1 FROM "einvoices" e WHERE e."order_id" = "orders"."id" AND e."status" <> 'rejected'
);--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "pending_halalas";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pending_halalas" bigint GENERATED ALWAYS AS (total_halalas + adjusted_halalas - balance_halalas - paid_halalas) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "uninvoiced_halalas";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "uninvoiced_halalas" bigint GENERATED ALWAYS AS (case when status = 'cancelled' then 0 else total_halalas + adjusted_halalas - invoiced_halalas end) STORED NOT NULL;
