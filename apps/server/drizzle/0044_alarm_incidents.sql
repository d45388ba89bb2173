ALTER TABLE "alarms" DROP CONSTRAINT "alarms_kind_check";--> statement-breakpoint
ALTER TABLE "alarms" DROP CONSTRAINT "alarms_state_check";--> statement-breakpoint
DROP INDEX "alarms_device_kind_unhandled_unique";--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "cleared_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_device_kind_active_unique" ON "alarms" USING btree ("device_id","kind") WHERE "alarms"."state" in ('open', 'acknowledged');--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_kind_check" CHECK ("alarms"."kind" in ('sos', 'fall', 'removal', 'outsideGeofence', 'offline', 'lowBattery', 'general'));--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_state_check" CHECK ("alarms"."state" in ('open', 'acknowledged', 'handled', 'cleared'));