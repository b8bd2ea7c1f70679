-- New permissions (e-invoices) go to every admin by role, and to the admin and accountant role presets,
-- so an admin keeps holding every permission.
UPDATE "users" SET "permissions" = ARRAY(
  SELECT DISTINCT unnest("permissions" || ARRAY['invoice:read','invoice:details','invoice:issue','invoice:credit','invoice:debit','invoice:onboard']::text[])
) WHERE "role" = 'admin';--> statement-breakpoint
UPDATE "roles" SET "permissions" = ARRAY(
  SELECT DISTINCT unnest("permissions" || ARRAY['invoice:read','invoice:details','invoice:issue','invoice:credit','invoice:debit','invoice:onboard']::text[])
) WHERE "name" IN ('admin', 'manager', 'accountant');
