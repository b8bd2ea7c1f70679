-- Covering indexes for the home dashboard (Drizzle cannot declare INCLUDE, so they live here).
-- Orders per status with their totals, and paid revenue by date, read from the index alone.
CREATE INDEX IF NOT EXISTS "orders_status_totals_idx" ON "orders" USING btree ("status") INCLUDE ("total_halalas", "paid_halalas");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_paid_revenue_idx" ON "payments" USING btree ("paid_at") INCLUDE ("amount_halalas") WHERE "status" = 'paid';
