-- Language management in the audit log: text overrides and languages record their old and new values.
select homeward_enable_entity_changes('language_texts');
--> statement-breakpoint
select homeward_enable_entity_changes('languages');
