import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { CrudListPage } from '../../../components/crud/crud-list-page';
import { alarmTimeColumns } from '../alarm-columns';
import { useAlarmsResource } from '../use-alarms-resource';
import { AlarmCenterFilters } from './alarm-center-filters';
import { toAlarmFilters, useAlarmCenterQuery, UUID } from './alarm-center-query';
import { AlarmStatisticsSummary } from './alarm-statistics-summary';

const CENTER_HIDDEN_FIELDS = ['count', 'lastAt', 'deviceName'];

/**
 * `/alarms`, the alarm center: every alarm the filters in the address select, paged on the server
 * and kept fresh by the realtime channel, each with its times to acknowledge and to handle, and
 * above them the count and the median / p90 of both times for the same filters.
 */
export function AlarmCenterPage() {
  // The alarm texts' `{link}` (SMS, e-mail) is `/alarms?alarm=<id>`: that alarm's own page.
  const linked = useSearchParams()[0].get('alarm');
  if (linked && UUID.test(linked)) return <Navigate to={`/alarms/${linked}`} replace />;
  return <AlarmCenter />;
}

function AlarmCenter() {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useAlarmCenterQuery();
  const filters = toAlarmFilters(query);
  const { resource, dialog } = useAlarmsResource({
    extraColumns: alarmTimeColumns(t, i18n.language),
    // Room for the times at 1280 px: when it was raised replaces the count and last time, and
    // the watch is on the alarm's own page.
    hiddenFields: CENTER_HIDDEN_FIELDS,
  });
  return (
    <CrudListPage
      resource={resource}
      filters={
        <>
          <AlarmCenterFilters value={query} onChange={setQuery} />
          <AlarmStatisticsSummary filters={filters} />
        </>
      }
      filterValues={filters}
      gridTestId="alarm-center-grid"
      refetchOnMount
    >
      {dialog}
    </CrudListPage>
  );
}
