-- The home dashboard reads these totals instead of scanning every order, line and payment.
CREATE TABLE "dashboard_order_status" (
	"status" text PRIMARY KEY NOT NULL,
	"orders" bigint NOT NULL,
	"outstanding_halalas" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_paid_days" (
	"day" date PRIMARY KEY NOT NULL,
	"amount_halalas" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_service_sales" (
	"service_id" uuid NOT NULL,
	"name" text NOT NULL,
	"lines" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"line_total_halalas" bigint NOT NULL,
	CONSTRAINT "dashboard_service_sales_service_id_name_pk" PRIMARY KEY("service_id","name")
);
--> statement-breakpoint
-- Triggers below keep the three dashboard tables exact. They run once per statement over its
-- transition tables and add each key's net change with INSERT ... ON CONFLICT DO UPDATE in key
-- order, so two transactions lock the few shared rows in the same order (the lock on a row is held
-- to commit: concurrent writers of the same status, service or day wait for each other there).
-- Keys whose change nets to zero are not touched, so editing an order's notes locks nothing.
CREATE FUNCTION "dashboard_bump_status"("changes" jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "dashboard_order_status" AS d ("status", "orders", "outstanding_halalas")
  SELECT c."status", sum(c."n"), sum(c."o")
  FROM jsonb_to_recordset("changes") AS c("status" text, "n" bigint, "o" bigint)
  GROUP BY c."status" HAVING sum(c."n") <> 0 OR sum(c."o") <> 0 ORDER BY c."status"
  ON CONFLICT ("status") DO UPDATE SET "orders" = d."orders" + excluded."orders",
    "outstanding_halalas" = d."outstanding_halalas" + excluded."outstanding_halalas";
$$;--> statement-breakpoint
CREATE FUNCTION "dashboard_bump_services"("changes" jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "dashboard_service_sales" AS d ("service_id", "name", "lines", "quantity", "line_total_halalas")
  SELECT c."s", c."name", sum(c."n"), sum(c."q"), sum(c."t")
  FROM jsonb_to_recordset("changes") AS c("s" uuid, "name" text, "n" bigint, "q" bigint, "t" bigint)
  GROUP BY c."s", c."name" HAVING sum(c."n") <> 0 OR sum(c."q") <> 0 OR sum(c."t") <> 0
  ORDER BY c."s", c."name"
  ON CONFLICT ("service_id", "name") DO UPDATE SET "lines" = d."lines" + excluded."lines",
    "quantity" = d."quantity" + excluded."quantity",
    "line_total_halalas" = d."line_total_halalas" + excluded."line_total_halalas";
$$;--> statement-breakpoint
CREATE FUNCTION "dashboard_bump_days"("changes" jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "dashboard_paid_days" AS d ("day", "amount_halalas")
  SELECT c."day", sum(c."a") FROM jsonb_to_recordset("changes") AS c("day" date, "a" bigint)
  WHERE c."day" IS NOT NULL GROUP BY c."day" HAVING sum(c."a") <> 0 ORDER BY c."day"
  ON CONFLICT ("day") DO UPDATE SET "amount_halalas" = d."amount_halalas" + excluded."amount_halalas";
$$;--> statement-breakpoint
-- A payment's Riyadh calendar day (UTC+3 all year), or null when it is not paid.
CREATE FUNCTION "dashboard_paid_day"("status" text, "paid_at" timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "status" = 'paid' THEN (("paid_at" AT TIME ZONE 'UTC') + interval '3 hours')::date END
$$;--> statement-breakpoint
CREATE FUNCTION "dashboard_orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "dashboard_bump_status"((SELECT jsonb_agg(jsonb_build_object('status', n."status", 'n', 1, 'o', n."outstanding_halalas")) FROM "new_orders" n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "dashboard_bump_status"((SELECT jsonb_agg(jsonb_build_object('status', o."status", 'n', -1, 'o', -o."outstanding_halalas")) FROM "old_orders" o));
  ELSE
    PERFORM "dashboard_bump_status"((SELECT jsonb_agg(c) FROM "old_orders" o JOIN "new_orders" n USING ("id"),
      LATERAL (VALUES (jsonb_build_object('status', o."status", 'n', -1, 'o', -o."outstanding_halalas")),
                      (jsonb_build_object('status', n."status", 'n', 1, 'o', n."outstanding_halalas"))) v(c)
      WHERE o."status" <> n."status" OR o."outstanding_halalas" <> n."outstanding_halalas"));
    -- Cancelling an order takes its lines out of the services' totals; un-cancelling puts them back.
    PERFORM "dashboard_bump_services"((SELECT jsonb_agg(jsonb_build_object('s', i."service_id", 'name', i."name",
        'n', x."sign", 'q', x."sign" * i."quantity", 't', x."sign" * i."line_total_halalas"))
      FROM (SELECT n."id", CASE WHEN n."status" = 'cancelled' THEN -1 ELSE 1 END AS "sign"
            FROM "old_orders" o JOIN "new_orders" n USING ("id")
            WHERE (o."status" = 'cancelled') <> (n."status" = 'cancelled')) x
      JOIN "order_items" i ON i."order_id" = x."id"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Lines of a deleted order are deleted by the cascade after the order row is gone, when its status
-- can no longer be read; they leave the services' totals here, while the order is still there.
CREATE FUNCTION "dashboard_order_deleting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" <> 'cancelled' THEN
    PERFORM "dashboard_bump_services"((SELECT jsonb_agg(jsonb_build_object('s', i."service_id", 'name', i."name",
        'n', -1, 'q', -i."quantity", 't', -i."line_total_halalas"))
      FROM "order_items" i WHERE i."order_id" = OLD."id"));
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
-- Only lines of orders that exist and are not cancelled count (see dashboard_order_deleting).
CREATE FUNCTION "dashboard_order_items_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "dashboard_bump_services"((SELECT jsonb_agg(jsonb_build_object('s', i."service_id", 'name', i."name",
        'n', -1, 'q', -i."quantity", 't', -i."line_total_halalas"))
      FROM "old_items" i JOIN "orders" o ON o."id" = i."order_id" WHERE o."status" <> 'cancelled'));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "dashboard_bump_services"((SELECT jsonb_agg(jsonb_build_object('s', i."service_id", 'name', i."name",
        'n', 1, 'q', i."quantity", 't', i."line_total_halalas"))
      FROM "new_items" i JOIN "orders" o ON o."id" = i."order_id" WHERE o."status" <> 'cancelled'));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "dashboard_payments_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "dashboard_bump_days"((SELECT jsonb_agg(jsonb_build_object('day', "dashboard_paid_day"(p."status", p."paid_at"), 'a', -p."amount_halalas"))
      FROM "old_payments" p WHERE p."status" = 'paid'));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "dashboard_bump_days"((SELECT jsonb_agg(jsonb_build_object('day', "dashboard_paid_day"(p."status", p."paid_at"), 'a', p."amount_halalas"))
      FROM "new_payments" p WHERE p."status" = 'paid'));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "dashboard_orders_inserted" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_orders_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_orders_updated" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_orders_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_orders_deleted" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_orders" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_orders_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_orders_deleting" BEFORE DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "dashboard_order_deleting"();--> statement-breakpoint
CREATE TRIGGER "dashboard_order_items_inserted" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS "new_items" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_order_items_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_order_items_updated" AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS "old_items" NEW TABLE AS "new_items" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_order_items_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_order_items_deleted" AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS "old_items" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_order_items_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_payments_inserted" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS "new_payments" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_payments_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_payments_updated" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS "old_payments" NEW TABLE AS "new_payments" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_payments_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_payments_deleted" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS "old_payments" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_payments_changed"();--> statement-breakpoint
-- What is already there.
INSERT INTO "dashboard_order_status" ("status", "orders", "outstanding_halalas")
SELECT "status", count(*), sum("outstanding_halalas") FROM "orders" GROUP BY "status";--> statement-breakpoint
INSERT INTO "dashboard_service_sales" ("service_id", "name", "lines", "quantity", "line_total_halalas")
SELECT i."service_id", i."name", count(*), sum(i."quantity"), sum(i."line_total_halalas")
FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id" WHERE o."status" <> 'cancelled'
GROUP BY i."service_id", i."name";--> statement-breakpoint
INSERT INTO "dashboard_paid_days" ("day", "amount_halalas")
SELECT "dashboard_paid_day"("status", "paid_at"), sum("amount_halalas") FROM "payments"
WHERE "status" = 'paid' AND "paid_at" IS NOT NULL GROUP BY 1;
