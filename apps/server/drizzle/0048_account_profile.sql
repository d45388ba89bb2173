-- Self-service account (issue 17): avatars and pending e-mail changes, both tenant-owned.
-- Avatars are stored in the database (bytea), as the square thumbnail only (a few KB): every API
-- node serves them without shared disk or object storage, and backups, tenant isolation (RLS)
-- and deletion with the user come for free.
CREATE TABLE "user_avatars" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"content" bytea NOT NULL,
	"content_type" text NOT NULL,
	"version" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_email_changes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"new_email" text NOT NULL,
	"normalized_new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_avatars" ADD CONSTRAINT "user_avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_avatars" ADD CONSTRAINT "user_avatars_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_email_changes" ADD CONSTRAINT "user_email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_email_changes" ADD CONSTRAINT "user_email_changes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_email_changes_token_hash_unique" ON "user_email_changes" USING btree ("token_hash");--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('user_avatars');
--> statement-breakpoint
SELECT homeward_enable_tenant_isolation('user_email_changes');
--> statement-breakpoint
-- Ending a user's other sessions after a password change finds their provider rows by account.
CREATE INDEX "oidc_payloads_account_id_idx" ON "oidc_payloads" USING btree (("payload"->>'accountId'));
