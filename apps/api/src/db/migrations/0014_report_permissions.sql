-- New permissions (financial reports: receivables aging, VAT return) go to every admin by role, and
-- to the admin, manager and accountant role presets, so an admin keeps holding every permission.
UPDATE "users" SET "permissions" = ARRAY(
  SELECT DISTINCT unnest("permissions" || ARRAY['report:aging','report:vat']::text[])
) WHERE "role" = 'admin';--> statement-breakpoint
UPDATE "roles" SET "permissions" = ARRAY(
  SELECT DISTINCT unnest("permissions" || ARRAY['report:aging','report:vat']::text[])
) WHERE "name" IN ('admin', 'manager', 'accountant');
