-- Billing notices (issue 18): a declined charge is told to the household's owner by e-mail and in
-- the app, as a message in their inbox (GET /api/messages/for-me, permission Homeward.Messages).
-- New households' Plug and Play Admin gets it from its static role; households made before this
-- migration get it here (roles are seeded with their grants only when first made).
INSERT INTO "permission_grants" ("id", "tenant_id", "name", "provider_name", "provider_key")
SELECT gen_random_uuid(), r."tenant_id", 'Homeward.Messages', 'R', r."id"::text
FROM "roles" r
JOIN "tenants" t ON t."id" = r."tenant_id" AND t."kind" = 'household'
WHERE r."normalized_name" = 'PLUG AND PLAY ADMIN'
ON CONFLICT DO NOTHING;
