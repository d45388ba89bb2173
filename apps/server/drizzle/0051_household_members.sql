-- Members of a household (issue 17): the owner invites, every member sees who belongs. Households
-- made before this migration get the new permissions on their static roles (roles are seeded with
-- their grants only when first made).
INSERT INTO "permission_grants" ("id", "tenant_id", "name", "provider_name", "provider_key")
SELECT gen_random_uuid(), r."tenant_id", p."name", 'R', r."id"::text
FROM "roles" r
JOIN "tenants" t ON t."id" = r."tenant_id" AND t."kind" = 'household'
JOIN (VALUES ('PLUG AND PLAY ADMIN', 'Homeward.HouseholdMembers'),
             ('PLUG AND PLAY ADMIN', 'Homeward.HouseholdMembers.Invite'),
             ('PLUG AND PLAY USER', 'Homeward.HouseholdMembers')) AS p("role", "name")
  ON p."role" = r."normalized_name"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Deleting an invitation also deletes a registration made with it and not yet confirmed (a host
-- row the household's scope cannot see): the owner withdrew the invitation, so the link in that
-- person's confirmation e-mail must not make an account any more. Only for an open invitation of
-- the caller's own household (the scope's app.tenant_id); returns how many were deleted.
CREATE OR REPLACE FUNCTION homeward_delete_invited_registrations(uuid) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  deleted integer;
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM invitations i
    WHERE i.id = $1 AND i.accepted_at IS NULL
      AND i.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
  ) THEN
    RETURN 0;
  END IF;
  DELETE FROM users u
  WHERE u.tenant_id IS NULL AND u.email_confirmed = false
    AND u.extra_properties ->> 'registrationInvitationId' = $1::text;
  GET DIAGNOSTICS deleted = ROW_COUNT;
  RETURN deleted;
END $$;
--> statement-breakpoint
-- The inviter's "receives alarms" tick: the member becomes an alarm receiver of the household's
-- citizens when they activate the invitation.
ALTER TABLE "invitations" ADD COLUMN "receives_alarms" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A household member who receives the alarms (the members' screen switch): an alarm receiver of
-- every citizen of the household, including citizens added later.
ALTER TABLE "users" ADD COLUMN "receives_household_alarms" boolean DEFAULT false NOT NULL;
