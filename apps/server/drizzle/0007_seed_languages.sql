-- The shipped languages: English is the default; Swedish and German are partial, so they start disabled.
-- Distinct creation times keep their listed order stable.
INSERT INTO "languages" ("id", "culture_name", "ui_culture_name", "display_name", "flag_icon", "is_enabled", "is_default", "created_at") VALUES
  (gen_random_uuid(), 'en', 'en', 'English', 'gb', true, true, now() - interval '4 seconds'),
  (gen_random_uuid(), 'da', 'da', 'Dansk', 'dk', true, false, now() - interval '3 seconds'),
  (gen_random_uuid(), 'sv', 'sv', 'Svenska', 'se', false, false, now() - interval '2 seconds'),
  (gen_random_uuid(), 'de', 'de', 'Deutsch', 'de', false, false, now() - interval '1 second')
ON CONFLICT DO NOTHING;
