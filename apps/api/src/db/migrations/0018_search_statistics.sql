-- A search's plan rests on how many rows the planner expects its terms to match: few, and the
-- trigram index's bitmap is cheapest; many, and reading rows in order until the page (or the capped
-- count) is full stops long before the bitmap of every match is built. LIKE '%term%' is estimated
-- from the column's histogram, about 1 % of whose 100 default entries a common name matches, so the
-- estimate swung 8,000–16,000 between two ANALYZEs of 1M customers and the plan with it (a 5x
-- slower search). A histogram of 1,000 entries holds it within ~10 % (docs/PERFORMANCE.md).
ALTER TABLE "customers" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "einvoices" ALTER COLUMN "search_text" SET STATISTICS 1000;
