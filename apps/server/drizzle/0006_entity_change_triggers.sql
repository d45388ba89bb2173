-- Entity changes recorded by the database itself, so every write is captured in its own
-- transaction whatever code path made it (see apps/server/src/platform/audit/).
--
-- The redaction list is the table audit_redacted_columns: a column of that name, on any audited
-- table, has its values written as '***'. Name/value tables (settings) keep secrets in rows, not
-- columns: a row whose `name` is listed has its `value` masked. To extend the list, insert a row in
-- a later migration:
--   insert into audit_redacted_columns (column_name) values ('my_secret') on conflict do nothing;
insert into audit_redacted_columns (column_name) values
  ('password_hash'), ('totp_secret'), ('security_stamp'), ('token_hash'), ('social_security_number'),
  ('secret'), ('smtp_password'), ('access_token'), ('refresh_token'),
  -- The secret settings (contracts SETTING_DEFINITIONS of type 'secret').
  ('Smtp.Password'), ('Captcha.SecretKey')
on conflict do nothing;
--> statement-breakpoint
-- One entity_changes row per written row. The trigger's arguments are the table's primary key
-- columns (homeward_enable_entity_changes passes them). audit_log_id links the change to the API
-- request whose transaction set app.request_id; background writes leave it null. Security definer,
-- so the non-owner request role needs no rights on entity_changes.
create or replace function homeward_record_entity_change() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  old_row jsonb := case when TG_OP <> 'INSERT' then to_jsonb(OLD) end;
  new_row jsonb := case when TG_OP <> 'DELETE' then to_jsonb(NEW) end;
  row_data jsonb := coalesce(new_row, old_row);
  key_value text;
  changes jsonb;
  value_redacted boolean;
begin
  value_redacted := row_data ? 'value' and exists (
    select 1 from audit_redacted_columns
    where column_name in (old_row ->> 'name', new_row ->> 'name'));

  select string_agg(row_data ->> key_column, ':' order by ord) into key_value
    from unnest(TG_ARGV) with ordinality as key_columns(key_column, ord);

  -- A missing value (insert's old side, delete's new side) counts as JSON null, so an insert lists
  -- the columns it set, a delete the columns it had, and an update only the columns that changed.
  select coalesce(jsonb_agg(jsonb_build_object(
      'propertyName', property.name,
      'originalValue', case
        when property.redacted and property.old_value <> 'null' then '"***"'::jsonb else property.old_value end,
      'newValue', case
        when property.redacted and property.new_value <> 'null' then '"***"'::jsonb else property.new_value end
    ) order by property.name), '[]'::jsonb) into changes
    from (
      select column_key as name,
        coalesce(old_row -> column_key, 'null') as old_value,
        coalesce(new_row -> column_key, 'null') as new_value,
        (value_redacted and column_key = 'value')
          or exists (select 1 from audit_redacted_columns listed where listed.column_name = column_key) as redacted
      from jsonb_object_keys(row_data) as column_keys(column_key)
    ) as property
    where property.old_value is distinct from property.new_value;

  -- An update that changed nothing is not a change.
  if TG_OP = 'UPDATE' and changes = '[]'::jsonb then
    return null;
  end if;

  insert into entity_changes
    (id, tenant_id, audit_log_id, change_time, change_type, entity_type, entity_id, property_changes)
  values (
    gen_random_uuid(),
    (row_data ->> 'tenant_id')::uuid,
    nullif(current_setting('app.request_id', true), '')::uuid,
    now(),
    case TG_OP when 'INSERT' then 'created' when 'UPDATE' then 'updated' else 'deleted' end,
    TG_TABLE_NAME,
    coalesce(key_value, ''),
    changes
  );
  return null;
end;
$$;
--> statement-breakpoint
-- Turns entity-change recording on for a table (idempotent). Other features call it from their own
-- migrations: select homeward_enable_entity_changes('my_table');
create or replace function homeward_enable_entity_changes(target regclass) returns void
language plpgsql as $$
declare
  key_columns text;
begin
  select string_agg(quote_literal(attribute.attname), ', ' order by key_part.ord) into key_columns
    from pg_index index_info
    cross join lateral unnest(index_info.indkey::int2[]) with ordinality as key_part(attnum, ord)
    join pg_attribute attribute on attribute.attrelid = index_info.indrelid and attribute.attnum = key_part.attnum
    where index_info.indrelid = target and index_info.indisprimary;
  if key_columns is null then
    raise exception 'homeward_enable_entity_changes: % has no primary key', target;
  end if;
  execute format('drop trigger if exists homeward_entity_changes on %s', target);
  execute format(
    'create trigger homeward_entity_changes after insert or update or delete on %s for each row execute function homeward_record_entity_change(%s)',
    target, key_columns);
end;
$$;
--> statement-breakpoint
select homeward_enable_entity_changes('users');
--> statement-breakpoint
select homeward_enable_entity_changes('roles');
--> statement-breakpoint
select homeward_enable_entity_changes('tenants');
--> statement-breakpoint
select homeward_enable_entity_changes('organization_units');
--> statement-breakpoint
select homeward_enable_entity_changes('claim_types');
--> statement-breakpoint
select homeward_enable_entity_changes('devices');
--> statement-breakpoint
select homeward_enable_entity_changes('settings');
--> statement-breakpoint
select homeward_enable_entity_changes('permission_grants');
--> statement-breakpoint
select homeward_enable_entity_changes('user_roles');
