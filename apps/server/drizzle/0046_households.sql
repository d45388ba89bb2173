-- Households (issue 17, DESIGN §9): a tenant per household. A tenant is an organization
-- (municipality, care provider) or a household; row-level security isolates households as it
-- isolates any tenant. A household has an owner: the person who registered it.
ALTER TABLE "tenants" ADD COLUMN "kind" text DEFAULT 'organization' NOT NULL;
--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_kind_check" CHECK ("kind" IN ('organization', 'household'));
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "owner_user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- Only a household has an owner.
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_owner_household_check" CHECK ("owner_user_id" IS NULL OR "kind" = 'household');
--> statement-breakpoint
-- A person owns at most one household; also the way from an owner to their household.
CREATE UNIQUE INDEX "tenants_owner_user_id_unique" ON "tenants" ("owner_user_id") WHERE "owner_user_id" IS NOT NULL;
--> statement-breakpoint
-- The tenants screen pages 100,000 households: sorted by name (lower(name), id), within a kind or
-- not, and by creation time with or without the kind filter.
CREATE INDEX "tenants_lower_name_id_idx" ON "tenants" (lower("name"), "id");
--> statement-breakpoint
CREATE INDEX "tenants_kind_lower_name_idx" ON "tenants" ("kind", lower("name"), "id");
--> statement-breakpoint
-- Search by any word of the name, from its start (a household is named after its owner: "hansen"
-- finds "Hanne Hansen"). Built-in full text search with the 'simple' configuration, no extension:
-- pg_trgm would serve infix search, but PGlite does not guarantee it; an ILIKE '%…%' reads all
-- 100,000 rows.
CREATE INDEX "tenants_name_words_idx" ON "tenants" USING gin (to_tsvector('simple', regexp_replace("name", '[^[:alnum:]]+', ' ', 'g')));
--> statement-breakpoint
CREATE INDEX "tenants_created_at_idx" ON "tenants" ("created_at", "id");
--> statement-breakpoint
CREATE INDEX "tenants_kind_created_at_idx" ON "tenants" ("kind", "created_at", "id");
--> statement-breakpoint
-- Support finds a household by its owner's e-mail as typed from its start: a prefix match on the
-- normalized (upper-cased) address. text_pattern_ops lets LIKE 'PREFIX%' use the index whatever
-- the database's collation (pg_trgm would serve infix search, but PGlite does not guarantee it).
CREATE INDEX "users_normalized_email_pattern_idx" ON "users" ("normalized_email" text_pattern_ops);
--> statement-breakpoint
-- ... and by the start of its owner's name.
CREATE INDEX "users_upper_name_pattern_idx" ON "users" (upper("name") text_pattern_ops);
--> statement-breakpoint
-- The host's tenants screen runs in the host's scope, where row-level security hides every
-- household's users and devices. These narrow functions answer only what the screen shows: the
-- owner of a household, its number of watches, and which households an owner search matches.
CREATE OR REPLACE FUNCTION homeward_household_owner(uuid)
RETURNS TABLE (user_id uuid, name text, email text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT u.id, u.name, u.email FROM tenants t JOIN users u ON u.id = t.owner_user_id
  WHERE t.id = $1 AND t.kind = 'household'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION homeward_tenant_watch_count(uuid) RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT count(*)::int FROM devices d WHERE d.tenant_id = $1
$$;
--> statement-breakpoint
-- Households whose owner's normalized e-mail or upper-cased name starts with the prefix (a LIKE
-- pattern with % and _ already escaped). EXECUTE plans with the value, so the prefix uses the index.
CREATE OR REPLACE FUNCTION homeward_households_by_owner(text) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT t.id FROM users u JOIN tenants t ON t.owner_user_id = u.id
      WHERE t.kind = ''household'' AND (u.normalized_email LIKE $1 OR upper(u.name) LIKE $1)'
    USING $1 || '%';
END $$;
--> statement-breakpoint
-- Confirming a private registration moves the new host user into the household made for them
-- (row-level security lets no single scope move a row from the host to a tenant). Only an
-- unconfirmed-then-confirmed host user, only into a household; true when the user was moved.
CREATE OR REPLACE FUNCTION homeward_move_user_into_household(uuid, uuid) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  moved integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM tenants t WHERE t.id = $2 AND t.kind = 'household') THEN
    RETURN false;
  END IF;
  UPDATE users SET tenant_id = $2 WHERE id = $1 AND tenant_id IS NULL;
  GET DIAGNOSTICS moved = ROW_COUNT;
  RETURN moved = 1;
END $$;
--> statement-breakpoint
-- An open invitation by the hash of its token, whichever household it belongs to: registration is
-- anonymous (the host's scope) and the token is the caller's proof. Only household invitations.
CREATE OR REPLACE FUNCTION homeward_open_invitation(text, timestamptz)
RETURNS TABLE (id uuid, tenant_id uuid, email text, inviter_user_id uuid)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT i.id, i.tenant_id, i.email, i.inviter_user_id FROM invitations i
  JOIN tenants t ON t.id = i.tenant_id AND t.kind = 'household'
  WHERE i.token_hash = $1 AND i.accepted_at IS NULL AND i.expires_at > $2
$$;
--> statement-breakpoint
-- The invitation a pending registration answers, by id (kept in the pending user's properties).
CREATE OR REPLACE FUNCTION homeward_invitation_household(uuid) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT i.tenant_id FROM invitations i JOIN tenants t ON t.id = i.tenant_id AND t.kind = 'household'
  WHERE i.id = $1
$$;
--> statement-breakpoint
-- The plug-and-play roles are a household's now, not the host's. The host's copies go where nobody
-- holds them (their grants with them); a deployment whose host users already hold them keeps those
-- until the users are moved into households.
DELETE FROM "permission_grants" g USING "roles" r
WHERE g."provider_name" = 'R' AND g."provider_key" = r."id"::text AND r."tenant_id" IS NULL
  AND r."normalized_name" IN ('PLUG AND PLAY ADMIN', 'PLUG AND PLAY USER')
  AND NOT EXISTS (SELECT 1 FROM "user_roles" ur WHERE ur."role_id" = r."id");
--> statement-breakpoint
DELETE FROM "roles" r
WHERE r."tenant_id" IS NULL AND r."normalized_name" IN ('PLUG AND PLAY ADMIN', 'PLUG AND PLAY USER')
  AND NOT EXISTS (SELECT 1 FROM "user_roles" ur WHERE ur."role_id" = r."id");
