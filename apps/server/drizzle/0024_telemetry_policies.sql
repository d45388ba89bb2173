-- Telemetry (issue [6 of 6], ingest): device_positions becomes a table range-partitioned by month
-- on device_time. drizzle-kit cannot declare partitioning, so the plain table it generated (empty:
-- it was created by the migration before this one) is replaced by a partitioned one with the same
-- columns, keys and indexes, which keeps drizzle's snapshot true.
DROP TABLE "device_positions";
--> statement-breakpoint
CREATE TABLE "device_positions" (
	"id" uuid NOT NULL,
	"tenant_id" uuid REFERENCES "public"."tenants"("id") ON DELETE cascade,
	"device_id" uuid NOT NULL REFERENCES "public"."devices"("id") ON DELETE cascade,
	"device_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"protocol" text NOT NULL,
	"source" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_meters" double precision,
	"speed_knots" double precision,
	"bearing" double precision,
	"altitude" double precision,
	"battery" double precision,
	CONSTRAINT "device_positions_pkey" PRIMARY KEY("id","device_time")
) PARTITION BY RANGE ("device_time");
--> statement-breakpoint
ALTER TABLE "device_positions" RENAME CONSTRAINT "device_positions_tenant_id_fkey" TO "device_positions_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "device_positions" RENAME CONSTRAINT "device_positions_device_id_fkey" TO "device_positions_device_id_devices_id_fk";
--> statement-breakpoint
CREATE UNIQUE INDEX "device_positions_dedupe_unique" ON "device_positions" USING btree ("device_id","device_time","kind");
--> statement-breakpoint
CREATE INDEX "device_positions_tenant_device_time_idx" ON "device_positions" USING btree ("tenant_id","device_id","device_time");
--> statement-breakpoint
-- Creates the monthly partitions (UTC months, named device_positions_yYYYYmMM) covering from_time
-- to to_time that do not exist yet; returns how many it made. Each partition gets row-level
-- security too, so even a query naming a partition directly sees only its tenant's rows. Safe when
-- two workers run it together: the loser of a race skips that month.
CREATE OR REPLACE FUNCTION homeward_ensure_device_position_partitions(from_time timestamptz, to_time timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  month_start timestamp := date_trunc('month', from_time AT TIME ZONE 'UTC');
  partition_name text;
  created integer := 0;
BEGIN
  WHILE month_start <= (to_time AT TIME ZONE 'UTC') LOOP
    partition_name := 'device_positions_y' || to_char(month_start, 'YYYY') || 'm' || to_char(month_start, 'MM');
    IF to_regclass(partition_name) IS NULL THEN
      BEGIN
        EXECUTE format(
          'CREATE TABLE %I PARTITION OF device_positions FOR VALUES FROM (%L) TO (%L)',
          partition_name,
          (month_start AT TIME ZONE 'UTC'),
          ((month_start + interval '1 month') AT TIME ZONE 'UTC'));
        PERFORM homeward_enable_tenant_isolation(partition_name::regclass);
        created := created + 1;
      EXCEPTION WHEN duplicate_table THEN NULL;
      END;
    END IF;
    month_start := month_start + interval '1 month';
  END LOOP;
  RETURN created;
END $$;
--> statement-breakpoint
-- Drops every monthly partition whose whole month ends at or before `before` (the retention
-- cutoff); returns the names dropped. Only partitions named by the function above are touched.
CREATE OR REPLACE FUNCTION homeward_drop_device_position_partitions(before timestamptz)
RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
  partition_name text;
  month_end timestamptz;
BEGIN
  FOR partition_name IN
    SELECT child.relname FROM pg_inherits
    JOIN pg_class child ON child.oid = pg_inherits.inhrelid
    WHERE pg_inherits.inhparent = 'device_positions'::regclass
      AND child.relname ~ '^device_positions_y[0-9]{4}m[0-9]{2}$'
    ORDER BY child.relname
  LOOP
    month_end := (make_date(substr(partition_name, 19, 4)::int, substr(partition_name, 24, 2)::int, 1)
      + interval '1 month') AT TIME ZONE 'UTC';
    IF month_end <= before THEN
      EXECUTE format('DROP TABLE %I', partition_name);
      RETURN NEXT partition_name;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- The months around the migration; the telemetry jobs keep them ahead from then on.
SELECT homeward_ensure_device_position_partitions(now() - interval '32 days', now() + interval '2 months');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('device_positions');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('device_commands');
--> statement-breakpoint
-- Commands are a user's action (queued from the app): recorded. Positions are device data with their
-- own retention: not recorded.
SELECT homeward_enable_entity_changes('device_commands');
--> statement-breakpoint
-- A device's live state (last seen, battery, network, location, online/offline) changes with every
-- report and is not an edit: an update that changes only those columns records no entity change.
-- Any other column changed in the same update is recorded as before, with its values.
DROP TRIGGER IF EXISTS homeward_entity_changes ON devices;
--> statement-breakpoint
CREATE TRIGGER homeward_entity_changes AFTER INSERT OR DELETE ON devices
FOR EACH ROW EXECUTE FUNCTION homeward_record_entity_change('id');
--> statement-breakpoint
CREATE TRIGGER homeward_entity_changes_edits AFTER UPDATE ON devices
FOR EACH ROW WHEN (
  (to_jsonb(OLD) - ARRAY['status', 'battery', 'network_status', 'last_seen_at', 'latitude', 'longitude', 'located_at'])
  IS DISTINCT FROM
  (to_jsonb(NEW) - ARRAY['status', 'battery', 'network_status', 'last_seen_at', 'latitude', 'longitude', 'located_at']))
EXECUTE FUNCTION homeward_record_entity_change('id');
--> statement-breakpoint
INSERT INTO audit_redacted_columns (column_name) VALUES ('mqtt_secret_hash') ON CONFLICT DO NOTHING;
