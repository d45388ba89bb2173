-- Registration is unique across tenants for the Stella ID and the watch's own id, as for the IMEI.
-- Row-level security hides other tenants' watches, so these owner-run checks answer only yes or
-- no, and the refusal never says which tenant has the watch.
CREATE OR REPLACE FUNCTION homeward_stella_id_taken(text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT EXISTS (SELECT 1 FROM devices d WHERE d.stella_id = $1)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION homeward_device_identifier_taken(text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT EXISTS (SELECT 1 FROM devices d WHERE d.device_identifier = $1)
$$;
