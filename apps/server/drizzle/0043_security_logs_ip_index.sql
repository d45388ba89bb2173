-- Sign-in throttling (modules/account/sign-in-lockout.ts) counts the recent failed attempts of a
-- client address in the security log before it checks a password, on every node alike; this index
-- makes that a short range read instead of a scan of the whole log.
CREATE INDEX "security_logs_ip_created_idx" ON "security_logs" USING btree ("client_ip_address","created_at");
