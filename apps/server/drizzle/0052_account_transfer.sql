-- Self-service account (issue 17): transferring a household to one of its members, and deleting
-- an account (GDPR erasure). README "Deleting an account", ARCHITECTURE "Households".
--
-- A pending transfer: the owner chose a member, who accepts with the link sent to them. One per
-- household (a new one replaces it); only the hash of the link's token is stored.
CREATE TABLE "account_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_transfers_tenant_id_unique" ON "account_transfers" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_transfers_token_hash_unique" ON "account_transfers" USING btree ("token_hash");--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('account_transfers');
--> statement-breakpoint
-- After an account is deleted, what is kept for bookkeeping keeps the user's id but loses the person
-- (README "Deleting an account"): security and audit log entries get `p_replacement` for the user
-- name (also entries written under one of the person's identifiers before they had an id, such as
-- failed sign-ins), the users table's entity changes get their personal columns masked, and the
-- e-mails and SMS sent to the person leave the outbox. With `p_household` (the owner's household,
-- deleted with the account): its permission grants, settings, outbox and entity changes, which
-- name its citizens and people, go too.
--
-- It crosses scopes (the person's rows from before they joined the household are the host's), so
-- it refuses to run for a person who still exists, or for a household that still exists: erasing
-- the traces of the deleted is all it can do.
CREATE OR REPLACE FUNCTION homeward_erase_deleted_user_traces(
  p_user_id uuid, p_identifiers text[], p_replacement text, p_household uuid
) RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  personal text[] := ARRAY['user_name', 'normalized_user_name', 'email', 'normalized_email', 'name',
    'phone_number', 'extra_properties', 'totp_secret', 'password_hash'];
  identifiers text[] := ARRAY(SELECT upper(i) FROM unnest(p_identifiers) AS i WHERE i IS NOT NULL AND i <> '');
BEGIN
  IF EXISTS (SELECT 1 FROM users u WHERE u.id = p_user_id) THEN
    RETURN false;
  END IF;
  IF p_household IS NOT NULL AND EXISTS (SELECT 1 FROM tenants t WHERE t.id = p_household) THEN
    RETURN false;
  END IF;
  UPDATE security_logs s SET user_name = p_replacement
  WHERE s.user_id = p_user_id OR (s.user_id IS NULL AND upper(s.user_name) = ANY(identifiers));
  UPDATE audit_logs a SET user_name = p_replacement WHERE a.user_id = p_user_id;
  UPDATE entity_changes e SET property_changes = (
    SELECT coalesce(jsonb_agg(CASE WHEN x.p ->> 'propertyName' = ANY(personal) THEN jsonb_build_object(
        'propertyName', x.p -> 'propertyName',
        'originalValue', CASE WHEN x.p -> 'originalValue' = 'null'::jsonb THEN 'null'::jsonb ELSE '"***"'::jsonb END,
        'newValue', CASE WHEN x.p -> 'newValue' = 'null'::jsonb THEN 'null'::jsonb ELSE '"***"'::jsonb END)
      ELSE x.p END ORDER BY x.ord), '[]'::jsonb)
    FROM jsonb_array_elements(e.property_changes) WITH ORDINALITY AS x(p, ord))
  WHERE e.entity_type = 'users' AND e.entity_id = p_user_id::text;
  DELETE FROM outbox o WHERE upper(o.recipient) = ANY(identifiers);
  IF p_household IS NOT NULL THEN
    DELETE FROM permission_grants g WHERE g.tenant_id = p_household;
    DELETE FROM settings s WHERE s.tenant_id = p_household;
    DELETE FROM outbox o WHERE o.tenant_id = p_household;
    DELETE FROM entity_changes e WHERE e.tenant_id = p_household
      OR (e.entity_type = 'tenants' AND e.entity_id = p_household::text);
    UPDATE audit_logs a SET user_name = p_replacement WHERE a.tenant_id = p_household;
  END IF;
  RETURN true;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION homeward_erase_deleted_user_traces(uuid, text[], text, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION homeward_erase_deleted_user_traces(uuid, text[], text, uuid) TO homeward_app;
