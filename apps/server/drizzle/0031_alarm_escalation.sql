ALTER TABLE "alarms" ADD COLUMN "notified_position" integer;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "alarms_open_notified_idx" ON "alarms" USING btree ("notified_at") WHERE "alarms"."state" = 'open';--> statement-breakpoint
UPDATE "alarms" SET "notified_at" = "first_at" WHERE "notified_at" IS NULL;
