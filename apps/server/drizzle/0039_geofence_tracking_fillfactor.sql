-- device_geofence_states is rewritten on nearly every position of a watch near a fence edge (its
-- hysteresis counters). None of the columns that change is indexed, so an update can stay on its
-- page (a HOT update: no new index entries) when the page has room; full pages (the default
-- fillfactor of 100) force a new row version elsewhere and a new entry in both indexes, and the
-- batch's read of the trackings then wades through dead entries. Half of each page is kept free.
ALTER TABLE device_geofence_states SET (fillfactor = 50);
