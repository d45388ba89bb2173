ALTER TABLE "device_commands" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "device_commands" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "device_commands" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_commands" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_commands" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_template_id_command_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."command_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_commands_sent_idx" ON "device_commands" USING btree ("sent_at") WHERE "device_commands"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "device_commands_device_created_idx" ON "device_commands" USING btree ("device_id","created_at");