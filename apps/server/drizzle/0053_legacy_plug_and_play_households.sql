-- Plug-and-play people from before households (issue 17, DESIGN §9). Until migration 0046 a private
-- registration made a host user (tenant_id NULL) holding the host's "Plug and Play Admin" role, and
-- a person they invited became a host user holding "Plug and Play User" with users.account_owner_id
-- naming the inviter. Each such account group becomes a household exactly as registration makes one
-- today (modules/tenants/households.ts `createHousehold`, `joinHousehold`):
--   * a tenant of kind household named after its owner (unique ignoring case: a second "Anna Jensen"
--     gets her user name added, then her id), owned by the admin;
--   * its two static roles with the grants of HOUSEHOLD_STATIC_ROLES (platform/seed/static-roles.ts,
--     as they are at this migration; later migrations add later grants to every household);
--   * its one organization unit (code 00001, named after it), which its people follow;
--   * the owner as Plug and Play Admin; the members the owner invited as Plug and Play User. A
--     Plug and Play User whose inviter is not such an admin (deleted, or host staff) gets a
--     household of their own, as a registration without a usable invitation does today;
--   * what is the person's alone moves with them: their tokens, claims, picture, e-mail change,
--     phone codes, and the invitations they sent (an open one can still be accepted, now into the
--     household). Host role memberships, host unit memberships and host per-user grants end: a
--     household's people hold only its roles.
-- A person who also holds another host role (host staff trying the product) stays at the host: moving
-- them would take away their host rights.
--
-- Citizens and watches. At the host, every host user saw every host citizen and watch; what links
-- one to a person is its creator (created_by_user_id) and its alarm receivers. A host citizen moves
-- into a household when its creator and user receivers include that household's people and nobody
-- of another household or of the host staff receives its alarms, it has no contact-person receiver
-- and no specific customer (both the host's customers' business). With it go its watches and their
-- positions, alarms (with their history), commands, fence trackings and crossings, its app settings,
-- alarm receivers and geofences: a geofence only its household's citizens use moves, one the host
-- still uses is copied. A host watch no citizen wears moves when one of the household's people made
-- it. Anything linked to more than one party stays where it is, untouched, for support to settle.
--
-- SQL rather than a start-up step in TypeScript: the project has no data-migration mechanism besides
-- these files, the steps are plain inserts and updates, and here they run once, in the migration's
-- transaction, before any node serves a request. Running it again finds nobody to move; on an empty
-- database it does nothing.
DO $$
DECLARE
  admin_permissions text[] := ARRAY[
    'Homeward.Dashboard', 'Homeward.Citizens', 'Homeward.Devices', 'Homeward.Alarms',
    'Homeward.Alarms.Acknowledge', 'Homeward.Alarms.Handle', 'Homeward.Geofences',
    'Homeward.Citizens.Create', 'Homeward.Citizens.Edit', 'Homeward.Citizens.Delete',
    'Homeward.Citizens.ManageDevices', 'Homeward.Citizens.ManageGeofences',
    'Homeward.Citizens.ManageAlarmReceivers', 'Homeward.Devices.Create', 'Homeward.Devices.Edit',
    'Homeward.Devices.Delete', 'Homeward.Devices.SendCommand', 'Homeward.Devices.RequestPosition',
    'Homeward.Geofences.Create', 'Homeward.Geofences.Edit', 'Homeward.Geofences.Delete',
    'Homeward.Billing', 'Homeward.Billing.ManageSubscription', 'Homeward.Billing.ManageCards',
    'Homeward.Invoices', 'Homeward.HouseholdMembers', 'Homeward.HouseholdMembers.Invite'];
  user_permissions text[] := ARRAY[
    'Homeward.Dashboard', 'Homeward.Citizens', 'Homeward.Devices', 'Homeward.Alarms',
    'Homeward.Alarms.Acknowledge', 'Homeward.Alarms.Handle', 'Homeward.Geofences',
    'Homeward.HouseholdMembers'];
  person record;
  full_name text;
  candidate text;
  household_name text;
  new_household uuid;
  new_unit uuid;
  new_admin_role uuid;
  new_user_role uuid;
BEGIN
  DROP TABLE IF EXISTS pg_temp.legacy_people, pg_temp.legacy_households, pg_temp.legacy_citizens,
    pg_temp.legacy_devices, pg_temp.legacy_fences;

  -- Host people holding a plug-and-play role and no other host role; owner_id is whose household
  -- they join (their own for an admin).
  CREATE TEMP TABLE legacy_people AS
  SELECT u.id, u.user_name, u.name, u.account_owner_id, u.created_at,
         bool_or(r.normalized_name = 'PLUG AND PLAY ADMIN') AS is_admin, NULL::uuid AS owner_id
  FROM users u
  JOIN user_roles ur ON ur.user_id = u.id
  JOIN roles r ON r.id = ur.role_id AND r.tenant_id IS NULL
  WHERE u.tenant_id IS NULL
  GROUP BY u.id
  HAVING bool_and(r.normalized_name IN ('PLUG AND PLAY ADMIN', 'PLUG AND PLAY USER'));

  UPDATE legacy_people member SET owner_id = inviter.id
  FROM legacy_people inviter
  WHERE NOT member.is_admin AND inviter.is_admin AND inviter.id = member.account_owner_id
    AND inviter.id <> member.id;
  UPDATE legacy_people SET owner_id = id WHERE owner_id IS NULL;

  CREATE TEMP TABLE legacy_households (
    owner_id uuid PRIMARY KEY, household_id uuid NOT NULL, unit_id uuid NOT NULL,
    admin_role uuid NOT NULL, user_role uuid NOT NULL
  );

  -- One household per owner, oldest account first (so the first "Anna Jensen" keeps the plain name).
  FOR person IN
    SELECT p.id, p.user_name, p.name FROM legacy_people p WHERE p.owner_id = p.id ORDER BY p.created_at, p.id
  LOOP
    full_name := coalesce(nullif(regexp_replace(coalesce(person.name, ''), '^\s+|\s+$', '', 'g'), ''), person.user_name);
    household_name := full_name || ' (' || person.id || ')';
    FOREACH candidate IN ARRAY ARRAY[full_name, full_name || ' (' || person.user_name || ')'] LOOP
      IF NOT EXISTS (SELECT 1 FROM tenants t WHERE lower(t.name) = lower(candidate)) THEN
        household_name := candidate;
        EXIT;
      END IF;
    END LOOP;

    INSERT INTO tenants (id, name, kind, owner_user_id, created_at, updated_at)
    VALUES (gen_random_uuid(), household_name, 'household', person.id, now(), now())
    RETURNING id INTO new_household;

    INSERT INTO roles (id, tenant_id, name, normalized_name, is_static, is_public)
    VALUES (gen_random_uuid(), new_household, 'Plug and Play Admin', 'PLUG AND PLAY ADMIN', true, true)
    RETURNING id INTO new_admin_role;
    INSERT INTO roles (id, tenant_id, name, normalized_name, is_static, is_public)
    VALUES (gen_random_uuid(), new_household, 'Plug and Play User', 'PLUG AND PLAY USER', true, true)
    RETURNING id INTO new_user_role;
    INSERT INTO permission_grants (id, tenant_id, name, provider_name, provider_key)
    SELECT gen_random_uuid(), new_household, p.name, 'R', new_admin_role::text FROM unnest(admin_permissions) AS p(name)
    UNION ALL
    SELECT gen_random_uuid(), new_household, p.name, 'R', new_user_role::text FROM unnest(user_permissions) AS p(name)
    ON CONFLICT DO NOTHING;

    INSERT INTO organization_units (id, tenant_id, code, display_name)
    VALUES (gen_random_uuid(), new_household, '00001', household_name)
    RETURNING id INTO new_unit;

    INSERT INTO legacy_households VALUES (person.id, new_household, new_unit, new_admin_role, new_user_role);
  END LOOP;

  -- The people, and what is theirs alone.
  UPDATE users u SET tenant_id = h.household_id, updated_at = now()
  FROM legacy_people p JOIN legacy_households h ON h.owner_id = p.owner_id
  WHERE u.id = p.id AND u.tenant_id IS NULL;

  DELETE FROM user_roles ur USING legacy_people p WHERE ur.user_id = p.id AND ur.tenant_id IS NULL;
  INSERT INTO user_roles (user_id, role_id, tenant_id)
  SELECT p.id, CASE WHEN p.id = p.owner_id THEN h.admin_role ELSE h.user_role END, h.household_id
  FROM legacy_people p JOIN legacy_households h ON h.owner_id = p.owner_id
  ON CONFLICT DO NOTHING;

  DELETE FROM user_organization_units m USING legacy_people p
  WHERE m.user_id = p.id AND m.tenant_id IS NULL;
  INSERT INTO user_organization_units (user_id, organization_unit_id, tenant_id)
  SELECT p.id, h.unit_id, h.household_id
  FROM legacy_people p JOIN legacy_households h ON h.owner_id = p.owner_id
  ON CONFLICT DO NOTHING;

  DELETE FROM permission_grants g USING legacy_people p
  WHERE g.provider_name = 'U' AND g.provider_key = p.id::text AND g.tenant_id IS NULL;

  UPDATE user_tokens x SET tenant_id = h.household_id
  FROM legacy_people p JOIN legacy_households h ON h.owner_id = p.owner_id
  WHERE x.user_id = p.id AND x.tenant_id IS NULL;
  UPDATE user_claims x SET tenant_id = h.household_id
  FROM legacy_people p JOIN legacy_households h ON h.owner_id = p.owner_id
  WHERE x.user_id = p.id AND x.tenant_id IS NULL;
  UPDATE user_avatars x SET tenant_id = h.household_id
  FROM legacy_people p JOIN legacy_households h ON h.owner_id = p.owner_id
  WHERE x.user_id = p.id AND x.tenant_id IS NULL;
  UPDATE user_email_changes x SET tenant_id = h.household_id
  FROM legacy_people p JOIN legacy_households h ON h.owner_id = p.owner_id
  WHERE x.user_id = p.id AND x.tenant_id IS NULL;
  UPDATE phone_sign_in_codes x SET tenant_id = h.household_id
  FROM legacy_people p JOIN legacy_households h ON h.owner_id = p.owner_id
  WHERE x.user_id = p.id AND x.tenant_id IS NULL;
  UPDATE invitations x SET tenant_id = h.household_id
  FROM legacy_people p JOIN legacy_households h ON h.owner_id = p.owner_id
  WHERE x.inviter_user_id = p.id AND x.tenant_id IS NULL;

  -- Citizens that are one household's alone (see the header).
  CREATE TEMP TABLE legacy_citizens AS
  WITH links AS (
    SELECT c.id AS citizen_id, c.created_by_user_id AS user_id, false AS receives
    FROM citizens c WHERE c.tenant_id IS NULL AND c.created_by_user_id IS NOT NULL
    UNION ALL
    SELECT r.citizen_id, r.user_id, true
    FROM citizen_alarm_receivers r JOIN citizens c ON c.id = r.citizen_id AND c.tenant_id IS NULL
    WHERE r.kind = 'user'
  ), verdicts AS (
    SELECT l.citizen_id,
           count(DISTINCT h.household_id) AS households,
           min(h.household_id::text)::uuid AS household_id,
           bool_and(h.household_id IS NOT NULL OR NOT l.receives) AS receivers_all_household
    FROM links l
    LEFT JOIN legacy_people p ON p.id = l.user_id
    LEFT JOIN legacy_households h ON h.owner_id = p.owner_id
    GROUP BY l.citizen_id
  )
  SELECT c.id, h.household_id, h.unit_id
  FROM verdicts v
  JOIN legacy_households h ON h.household_id = v.household_id
  JOIN citizens c ON c.id = v.citizen_id
  WHERE v.households = 1 AND v.receivers_all_household AND c.specific_customer_id IS NULL
    AND NOT EXISTS (SELECT 1 FROM citizen_alarm_receivers r WHERE r.citizen_id = c.id AND r.kind <> 'user');

  -- Their watches, and host watches no citizen wears that the household's people made.
  CREATE TEMP TABLE legacy_devices AS
  SELECT d.id, c.household_id, c.unit_id
  FROM devices d JOIN legacy_citizens c ON c.id = d.citizen_id
  WHERE d.tenant_id IS NULL
  UNION
  SELECT d.id, h.household_id, h.unit_id
  FROM devices d
  JOIN legacy_people p ON p.id = d.created_by_user_id
  JOIN legacy_households h ON h.owner_id = p.owner_id
  WHERE d.tenant_id IS NULL AND d.citizen_id IS NULL;

  -- Their geofences: moved when nothing else of the host uses them, else copied.
  CREATE TEMP TABLE legacy_fences AS
  SELECT DISTINCT cg.geofence_id AS old_id, c.household_id,
    NOT EXISTS (
      SELECT 1 FROM citizen_geofences other LEFT JOIN legacy_citizens oc ON oc.id = other.citizen_id
      WHERE other.geofence_id = cg.geofence_id AND oc.household_id IS DISTINCT FROM c.household_id)
    AND NOT EXISTS (SELECT 1 FROM organization_units o WHERE o.geofence_id = cg.geofence_id)
    AND NOT EXISTS (
      SELECT 1 FROM geofence_events e LEFT JOIN legacy_devices od ON od.id = e.device_id
      WHERE e.geofence_id = cg.geofence_id AND od.household_id IS DISTINCT FROM c.household_id)
    AS exclusive,
    NULL::uuid AS new_id
  FROM citizen_geofences cg
  JOIN legacy_citizens c ON c.id = cg.citizen_id
  JOIN geofences g ON g.id = cg.geofence_id AND g.tenant_id IS NULL;
  UPDATE legacy_fences SET new_id = CASE WHEN exclusive THEN old_id ELSE gen_random_uuid() END;

  INSERT INTO geofences (id, tenant_id, name, description, kind, center_lat, center_lon, radius_meters,
    polygon, min_lat, min_lon, max_lat, max_lon, created_by_user_id, created_at, updated_at)
  SELECT f.new_id, f.household_id, g.name, g.description, g.kind, g.center_lat, g.center_lon,
    g.radius_meters, g.polygon, g.min_lat, g.min_lon, g.max_lat, g.max_lon, g.created_by_user_id,
    g.created_at, now()
  FROM legacy_fences f JOIN geofences g ON g.id = f.old_id
  WHERE NOT f.exclusive;
  UPDATE geofences g SET tenant_id = f.household_id, updated_at = now()
  FROM legacy_fences f WHERE f.exclusive AND g.id = f.old_id;

  UPDATE citizen_geofences cg SET geofence_id = f.new_id
  FROM legacy_citizens c, legacy_fences f
  WHERE cg.citizen_id = c.id AND f.old_id = cg.geofence_id AND f.household_id = c.household_id
    AND NOT f.exclusive;
  UPDATE citizen_geofences cg SET tenant_id = c.household_id
  FROM legacy_citizens c WHERE cg.citizen_id = c.id;

  -- The citizens, as a household's are: in its unit, no customer, the citizen pays.
  UPDATE citizens x SET tenant_id = c.household_id, organization_id = c.unit_id,
    standard_payer = 'citizen', updated_at = now()
  FROM legacy_citizens c WHERE x.id = c.id;
  UPDATE citizen_alarm_receivers x SET tenant_id = c.household_id
  FROM legacy_citizens c WHERE x.citizen_id = c.id;
  UPDATE citizen_device_settings x SET tenant_id = c.household_id
  FROM legacy_citizens c WHERE x.citizen_id = c.id;

  -- The watches and what they reported.
  UPDATE devices x SET tenant_id = d.household_id, organization_id = d.unit_id, updated_at = now()
  FROM legacy_devices d WHERE x.id = d.id;
  UPDATE device_positions x SET tenant_id = d.household_id
  FROM legacy_devices d WHERE x.device_id = d.id AND x.tenant_id IS NULL;
  UPDATE device_commands x SET tenant_id = d.household_id
  FROM legacy_devices d WHERE x.device_id = d.id AND x.tenant_id IS NULL;
  UPDATE device_fence_trackings x SET tenant_id = d.household_id
  FROM legacy_devices d WHERE x.device_id = d.id AND x.tenant_id IS NULL;
  UPDATE geofence_events x SET geofence_id = f.new_id
  FROM legacy_devices d, legacy_fences f
  WHERE x.device_id = d.id AND x.tenant_id IS NULL AND f.old_id = x.geofence_id
    AND f.household_id = d.household_id AND NOT f.exclusive;
  UPDATE geofence_events x SET tenant_id = d.household_id
  FROM legacy_devices d WHERE x.device_id = d.id AND x.tenant_id IS NULL;
  UPDATE alarms x SET tenant_id = d.household_id
  FROM legacy_devices d WHERE x.device_id = d.id AND x.tenant_id IS NULL;
  UPDATE alarm_history x SET tenant_id = a.tenant_id
  FROM alarms a JOIN legacy_devices d ON d.id = a.device_id
  WHERE x.alarm_id = a.id AND x.tenant_id IS NULL;

  DROP TABLE legacy_people, legacy_households, legacy_citizens, legacy_devices, legacy_fences;
END $$;
--> statement-breakpoint
-- The host's plug-and-play roles go once nobody holds them (as 0046 did for unheld ones).
DELETE FROM "permission_grants" g USING "roles" r
WHERE g."provider_name" = 'R' AND g."provider_key" = r."id"::text AND r."tenant_id" IS NULL
  AND r."normalized_name" IN ('PLUG AND PLAY ADMIN', 'PLUG AND PLAY USER')
  AND NOT EXISTS (SELECT 1 FROM "user_roles" ur WHERE ur."role_id" = r."id");
--> statement-breakpoint
DELETE FROM "roles" r
WHERE r."tenant_id" IS NULL AND r."normalized_name" IN ('PLUG AND PLAY ADMIN', 'PLUG AND PLAY USER')
  AND NOT EXISTS (SELECT 1 FROM "user_roles" ur WHERE ur."role_id" = r."id");
