-- Row-level security for tenant isolation (DESIGN §4, issue [3 of 6]).
-- API requests run as homeward_app (SET LOCAL ROLE in their transaction) with the scope in
-- transaction-local settings: app.tenant_scope = tenant | host | all, app.tenant_id.
-- Everything else (migrations, background jobs, the sign-in provider) runs as the owner.
DO $$ BEGIN
  CREATE ROLE homeward_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
GRANT homeward_app TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO homeward_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO homeward_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO homeward_app;
--> statement-breakpoint
-- Whether the current connection may see or write a row of `row_tenant` (null = host).
CREATE OR REPLACE FUNCTION homeward_tenant_visible(row_tenant uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN current_user <> 'homeward_app' THEN true
    WHEN current_setting('app.tenant_scope', true) = 'tenant'
      THEN row_tenant = nullif(current_setting('app.tenant_id', true), '')::uuid
    WHEN current_setting('app.tenant_scope', true) = 'host' THEN row_tenant IS NULL
    ELSE false
  END
$$;
--> statement-breakpoint
-- A table joins tenant isolation with one call; later issues add one line per new table.
-- Two permissive policies: the tenant's (or host's) own rows, and the explicit "All tenants" path
-- of a host user with the filter permission, which reads everything and writes nothing.
-- The conditions are inline with the settings in scalar subqueries, so PostgreSQL reads each
-- setting once per query (an init plan) instead of once per row. homeward_tenant_visible says the
-- same for ad-hoc checks; app.tenant_id is '' unless the scope is one tenant.
CREATE OR REPLACE FUNCTION homeward_enable_tenant_isolation(tbl regclass, readable_by_all_tenants_when_host boolean DEFAULT false)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  own_rows text := $q$((select current_user) <> 'homeward_app'
      OR tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)
      OR (tenant_id IS NULL AND (select current_setting('app.tenant_scope', true)) = 'host'))$q$;
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS homeward_tenant_isolation ON %s', tbl);
  EXECUTE format('DROP POLICY IF EXISTS homeward_all_tenants ON %s', tbl);
  IF readable_by_all_tenants_when_host THEN
    -- Host rows (global defaults) are readable by every tenant; writes stay in the caller's scope.
    EXECUTE format('CREATE POLICY homeward_tenant_isolation ON %s USING (tenant_id IS NULL OR %s) WITH CHECK (%s)', tbl, own_rows, own_rows);
  ELSE
    EXECUTE format('CREATE POLICY homeward_tenant_isolation ON %s USING (%s) WITH CHECK (%s)', tbl, own_rows, own_rows);
  END IF;
  EXECUTE format($q$CREATE POLICY homeward_all_tenants ON %s FOR SELECT USING ((select current_user) = 'homeward_app' AND (select current_setting('app.tenant_scope', true)) = 'all')$q$, tbl);
END $$;
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('users');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('user_tokens');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('invitations');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('user_claims');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('roles');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('user_roles');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('role_claims');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('organization_units');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('user_organization_units');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('organization_unit_roles');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('security_logs');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('permission_grants');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('outbox');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('devices');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('tenant_features');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('audit_logs');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('entity_changes');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('settings', true);
--> statement-breakpoint
-- Uniqueness that spans tenants (user names, e-mails and IMEIs are unique system-wide) must be
-- checked across tenants without showing any row of another tenant: these answer yes or no only.
-- Positional parameters: in SQL functions a column named like a parameter (email) would win.
CREATE OR REPLACE FUNCTION homeward_identifier_clashes(text, text, uuid DEFAULT NULL)
RETURNS TABLE (user_name_taken boolean, email_taken boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT
    EXISTS (SELECT 1 FROM users u WHERE u.normalized_user_name = $1 AND u.id IS DISTINCT FROM $3),
    EXISTS (SELECT 1 FROM users u WHERE u.normalized_email = $2 AND u.id IS DISTINCT FROM $3)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION homeward_imei_taken(text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT EXISTS (SELECT 1 FROM devices d WHERE d.imei = $1)
$$;
--> statement-breakpoint
-- The host's tenant list shows one feature of every tenant (national login decides the CVR).
CREATE OR REPLACE FUNCTION homeward_tenant_feature_value(uuid, text) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT f.value FROM tenant_features f WHERE f.tenant_id = $1 AND f.name = $2
$$;
