-- Households and the organization-based machinery (issue 17, ARCHITECTURE "Households").
-- Citizens, devices, alarms and the realtime hub scope by organization unit, so each household has
-- exactly one unit, named after it and never shown in the plug-and-play UI. Its members are members
-- of that unit (they follow it), its citizens and connected watches belong to it.
--
-- Every household without a unit gets one.
INSERT INTO "organization_units" ("id", "tenant_id", "code", "display_name")
SELECT gen_random_uuid(), t."id", '00001', t."name" FROM "tenants" t
WHERE t."kind" = 'household'
  AND NOT EXISTS (SELECT 1 FROM "organization_units" o WHERE o."tenant_id" = t."id");
--> statement-breakpoint
-- Every person of a household follows its unit.
INSERT INTO "user_organization_units" ("user_id", "organization_unit_id", "tenant_id")
SELECT u."id", o."id", u."tenant_id" FROM "users" u
JOIN "tenants" t ON t."id" = u."tenant_id" AND t."kind" = 'household'
JOIN LATERAL (
  SELECT o."id" FROM "organization_units" o WHERE o."tenant_id" = t."id" ORDER BY o."code" LIMIT 1
) o ON true
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Watches connected before this migration (organization NULL) move into their household's unit.
UPDATE "devices" d SET "organization_id" = (
  SELECT o."id" FROM "organization_units" o WHERE o."tenant_id" = d."tenant_id" ORDER BY o."code" LIMIT 1
)
WHERE d."organization_id" IS NULL
  AND EXISTS (SELECT 1 FROM "tenants" t WHERE t."id" = d."tenant_id" AND t."kind" = 'household');
--> statement-breakpoint
-- Connecting a watch (0049) now puts it in the household's unit instead of no organization.
CREATE OR REPLACE FUNCTION homeward_connect_device(p_imei text, p_code_hash text, p_name text, p_now timestamptz)
RETURNS TABLE (outcome text, device_id uuid, product_name text)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  household uuid;
  attempt device_activation_attempts%ROWTYPE;
  watch devices%ROWTYPE;
  family text;
  restart boolean;
  unit uuid;
BEGIN
  IF current_setting('app.tenant_scope', true) IS DISTINCT FROM 'tenant' THEN
    RETURN QUERY SELECT 'not_household'::text, NULL::uuid, NULL::text;
    RETURN;
  END IF;
  household := nullif(current_setting('app.tenant_id', true), '')::uuid;
  IF household IS NULL OR NOT EXISTS (SELECT 1 FROM tenants t WHERE t.id = household AND t.kind = 'household') THEN
    RETURN QUERY SELECT 'not_household'::text, NULL::uuid, NULL::text;
    RETURN;
  END IF;

  -- One row per IMEI, locked: two tries at once are counted one after the other.
  INSERT INTO device_activation_attempts AS a (imei, failed_count, window_started_at)
  VALUES (p_imei, 0, p_now) ON CONFLICT (imei) DO NOTHING;
  SELECT * INTO attempt FROM device_activation_attempts a WHERE a.imei = p_imei FOR UPDATE;
  IF attempt.blocked_until IS NOT NULL AND attempt.blocked_until > p_now THEN
    RETURN QUERY SELECT 'throttled'::text, NULL::uuid, NULL::text;
    RETURN;
  END IF;

  SELECT * INTO watch FROM devices d WHERE d.imei = p_imei FOR UPDATE;
  IF NOT FOUND OR watch.activation_code_hash IS NULL OR watch.activation_code_hash <> p_code_hash THEN
    -- A block that has run out, or a window older than 15 minutes, starts counting afresh.
    restart := attempt.blocked_until IS NOT NULL OR attempt.window_started_at <= p_now - interval '15 minutes';
    UPDATE device_activation_attempts a
    SET failed_count = CASE WHEN restart THEN 1 ELSE a.failed_count + 1 END,
        window_started_at = CASE WHEN restart THEN p_now ELSE a.window_started_at END,
        blocked_until = CASE WHEN (CASE WHEN restart THEN 1 ELSE a.failed_count + 1 END) >= 5
                             THEN p_now + interval '15 minutes' END
    WHERE a.imei = p_imei;
    -- Rows of IMEIs nobody tried for a day are of no use; keep the table small.
    DELETE FROM device_activation_attempts a
    WHERE a.window_started_at < p_now - interval '1 day' AND (a.blocked_until IS NULL OR a.blocked_until < p_now);
    RETURN QUERY SELECT 'wrong_code'::text, NULL::uuid, NULL::text;
    RETURN;
  END IF;
  DELETE FROM device_activation_attempts a WHERE a.imei = p_imei;

  SELECT p.name INTO family FROM products p WHERE p.id = watch.product_id;
  IF watch.tenant_id IS DISTINCT FROM household AND (
       watch.tenant_id IS NULL
       OR EXISTS (SELECT 1 FROM tenants t WHERE t.id = watch.tenant_id AND t.kind = 'household')) THEN
    RETURN QUERY SELECT 'elsewhere'::text, NULL::uuid, NULL::text;
    RETURN;
  END IF;
  -- A returned watch waits for its seller: its previous owner knows the code (a renewed code, which
  -- puts it back in stock, ends the wait).
  IF watch.tenant_id IS DISTINCT FROM household AND watch.physical_location = 5 THEN
    RETURN QUERY SELECT 'awaiting_return'::text, NULL::uuid, NULL::text;
    RETURN;
  END IF;
  IF p_name IS NULL THEN
    RETURN QUERY SELECT 'checked'::text, watch.id, family;
    RETURN;
  END IF;
  IF watch.tenant_id = household THEN
    -- Already this household's: connecting again only renames it.
    UPDATE devices d SET name = p_name, updated_at = p_now WHERE d.id = watch.id;
  ELSE
    -- The household's one organization unit (its members follow it); made here if a household
    -- somehow has none, so a connected watch is never outside it.
    SELECT o.id INTO unit FROM organization_units o WHERE o.tenant_id = household ORDER BY o.code LIMIT 1;
    IF unit IS NULL THEN
      INSERT INTO organization_units (id, tenant_id, code, display_name)
      SELECT gen_random_uuid(), t.id, '00001', t.name FROM tenants t WHERE t.id = household
      RETURNING id INTO unit;
    END IF;
    -- A link the watch had in the seller's tenant ends with it leaving.
    DELETE FROM citizen_device_settings s WHERE s.device_id = watch.id;
    UPDATE devices d
    SET seller_tenant_id = watch.tenant_id,
        seller_organization_id = watch.organization_id,
        stock_name = watch.name,
        tenant_id = household,
        organization_id = unit,
        citizen_id = NULL,
        name = p_name,
        connected_at = p_now,
        physical_location = 4,
        updated_at = p_now
    WHERE d.id = watch.id;
  END IF;
  RETURN QUERY SELECT 'connected'::text, watch.id, family;
END $$;
