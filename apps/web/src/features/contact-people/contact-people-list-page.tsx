import { useMemo } from 'react';
import { ALL_TENANTS_ID } from '@homeward/contracts';
import { useAppState } from '../../app/state/app-store';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { contactPeopleResource } from './contact-people-resource';

/** /contact-people: every customer's contact people; new ones are added on a customer's Contacts tab. */
export function ContactPeopleListPage() {
  const readOnly = useAppState((state) => state.tenantFilter === ALL_TENANTS_ID);
  const resource = useMemo(() => contactPeopleResource(undefined, readOnly), [readOnly]);
  return <CrudListPage resource={resource} />;
}
