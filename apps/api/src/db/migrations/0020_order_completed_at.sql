-- The supply date of an order's tax invoice is when the work was done. Orders completed before this
-- column existed take the time of the activity row that completed them (else their last update).
ALTER TABLE "orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" o SET "completed_at" = coalesce(
  (SELECT max(a."created_at") FROM "activity" a
   WHERE a."entity" = 'order' AND a."entity_id" = o."id"::text AND a."changes"->'after'->>'status' = 'completed'),
  o."updated_at")
WHERE o."status" = 'completed';
