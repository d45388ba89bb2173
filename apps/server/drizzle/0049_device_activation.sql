-- Activation codes and connecting a watch to a household (issue 17, DESIGN §9).
-- Each watch has an activation code printed on its box: AES-GCM ciphertext for staff to read back
-- (key derived from CPR_ENCRYPTION_KEY, see modules/devices/activation-codes.ts) and a keyed hash
-- (HMAC of IMEI and code) that connecting compares. Both are redacted from the entity changes.
ALTER TABLE "devices" ADD COLUMN "activation_code_encrypted" text;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "activation_code_hash" text;
--> statement-breakpoint
-- While a watch is connected to a household: the tenant, organization and name it had in the
-- seller's stock, so disconnecting can put it back; and when it was connected.
ALTER TABLE "devices" ADD COLUMN "seller_tenant_id" uuid REFERENCES "tenants"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "seller_organization_id" uuid REFERENCES "organization_units"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "stock_name" text;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "connected_at" timestamp with time zone;
--> statement-breakpoint
-- Where the watch physically is (issue 19 adds the states 0–8): 4 at customer, 5 awaiting return.
ALTER TABLE "devices" ADD COLUMN "physical_location" smallint;
--> statement-breakpoint
CREATE INDEX "devices_seller_tenant_idx" ON "devices" ("seller_tenant_id") WHERE "seller_tenant_id" IS NOT NULL;
--> statement-breakpoint
INSERT INTO audit_redacted_columns (column_name) VALUES ('activation_code_encrypted'), ('activation_code_hash') ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Wrong activation codes per IMEI (known or not, so the throttle tells nothing about which IMEIs
-- exist). No tenant: only the functions below read or write it; the request role has no access.
CREATE TABLE "device_activation_attempts" (
  "imei" text PRIMARY KEY NOT NULL,
  "failed_count" integer NOT NULL DEFAULT 0,
  "window_started_at" timestamp with time zone NOT NULL,
  "blocked_until" timestamp with time zone
);
--> statement-breakpoint
REVOKE ALL ON TABLE "device_activation_attempts" FROM homeward_app;
--> statement-breakpoint
-- Connecting (spec §7 getDeviceModel / assignDeviceToUser). Row-level security lets no tenant see
-- another's watch, so this one narrow function, run as its owner, finds the watch by IMEI across
-- tenants, checks the code's hash, counts wrong tries per IMEI (5 within 15 minutes block that IMEI
-- for 15 minutes, even for the right code), and moves the watch into the caller's household. The
-- caller is the request's tenant (app.tenant_id), which must be a household. A null name only
-- checks (getDeviceModel). Answers one outcome and never raises, so a wrong try is counted when the
-- request commits: connected | checked | wrong_code | throttled | elsewhere | awaiting_return |
-- not_household.
-- An unknown IMEI is a wrong code. A watch in another household is `elsewhere`, without naming it.
CREATE OR REPLACE FUNCTION homeward_connect_device(p_imei text, p_code_hash text, p_name text, p_now timestamptz)
RETURNS TABLE (outcome text, device_id uuid, product_name text)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  household uuid;
  attempt device_activation_attempts%ROWTYPE;
  watch devices%ROWTYPE;
  family text;
  restart boolean;
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
    -- A link the watch had in the seller's tenant ends with it leaving.
    DELETE FROM citizen_device_settings s WHERE s.device_id = watch.id;
    UPDATE devices d
    SET seller_tenant_id = watch.tenant_id,
        seller_organization_id = watch.organization_id,
        stock_name = watch.name,
        tenant_id = household,
        organization_id = NULL,
        citizen_id = NULL,
        name = p_name,
        connected_at = p_now,
        physical_location = 4,
        updated_at = p_now
    WHERE d.id = watch.id;
  END IF;
  RETURN QUERY SELECT 'connected'::text, watch.id, family;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION homeward_connect_device(text, text, text, timestamptz) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION homeward_connect_device(text, text, text, timestamptz) TO homeward_app;
--> statement-breakpoint
-- Disconnecting: the household's watch goes back to the seller's stock, in the organization and
-- under the name it had there, as "awaiting return" (5). Its citizen link ends, and the
-- household's last position of it is not handed to the seller. The service has closed its alarms
-- and removed its citizen settings in the household's scope first. True when it moved.
CREATE OR REPLACE FUNCTION homeward_disconnect_device(p_device_id uuid, p_now timestamptz)
RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  household uuid;
  moved integer;
BEGIN
  IF current_setting('app.tenant_scope', true) IS DISTINCT FROM 'tenant' THEN
    RETURN false;
  END IF;
  household := nullif(current_setting('app.tenant_id', true), '')::uuid;
  IF household IS NULL OR NOT EXISTS (SELECT 1 FROM tenants t WHERE t.id = household AND t.kind = 'household') THEN
    RETURN false;
  END IF;
  UPDATE devices d
  SET tenant_id = d.seller_tenant_id,
      organization_id = d.seller_organization_id,
      name = coalesce(d.stock_name, d.imei),
      seller_tenant_id = NULL,
      seller_organization_id = NULL,
      stock_name = NULL,
      citizen_id = NULL,
      connected_at = NULL,
      physical_location = 5,
      latitude = NULL,
      longitude = NULL,
      located_at = NULL,
      updated_at = p_now
  WHERE d.id = p_device_id AND d.tenant_id = household AND d.seller_tenant_id IS NOT NULL;
  GET DIAGNOSTICS moved = ROW_COUNT;
  RETURN moved = 1;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION homeward_disconnect_device(uuid, timestamptz) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION homeward_disconnect_device(uuid, timestamptz) TO homeward_app;
