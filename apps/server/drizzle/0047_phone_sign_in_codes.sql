-- Phone sign-in (modules/account/phone-sign-in.service.ts): one row per code asked for, with only a
-- salted hash of the code. Like user_tokens, sign-in reads it as the owner before a tenant is known;
-- tenant_id is the user's tenant (null for host users and for numbers no account has), so row-level
-- security keeps tenants apart for every other reader.
CREATE TABLE "phone_sign_in_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"client_ip_address" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_sign_in_codes" ADD CONSTRAINT "phone_sign_in_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_sign_in_codes_phone_created_idx" ON "phone_sign_in_codes" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE INDEX "phone_sign_in_codes_ip_created_idx" ON "phone_sign_in_codes" USING btree ("client_ip_address","created_at");--> statement-breakpoint
CREATE INDEX "phone_sign_in_codes_user_id_idx" ON "phone_sign_in_codes" USING btree ("user_id");--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('phone_sign_in_codes');
