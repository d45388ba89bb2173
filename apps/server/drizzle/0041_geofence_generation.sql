-- The geofence generation (geofence-engine.schema.ts): one counter row, moved by every statement that
-- changes geofences or citizens' links to them, in that statement's transaction. The ingest
-- pipeline reads it once a batch and reuses the fence links it read at the same generation, instead
-- of asking which fences guard every wearer on every batch. The triggers run before the statement,
-- so a transaction takes the counter's row lock before it locks any fence or link of that statement
-- (concurrent fence edits queue on the counter instead of deadlocking on it). Truncation counts too.
CREATE TABLE "geofence_generation" (
	"id" integer PRIMARY KEY NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "geofence_generation_single_row" CHECK ("geofence_generation"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "geofence_generation" ("id", "generation") VALUES (1, 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION homeward_next_geofence_generation() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE geofence_generation SET generation = generation + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER homeward_geofence_generation BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON geofences
FOR EACH STATEMENT EXECUTE FUNCTION homeward_next_geofence_generation();
--> statement-breakpoint
CREATE TRIGGER homeward_geofence_generation BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON citizen_geofences
FOR EACH STATEMENT EXECUTE FUNCTION homeward_next_geofence_generation();
