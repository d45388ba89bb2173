import { CrudListPage } from '../../components/crud/crud-list-page';
import { contactPeopleResource } from './contact-people-resource';

const resource = contactPeopleResource();

/** /contact-people: every customer's contact people; new ones are added on a customer's Contacts tab. */
export function ContactPeopleListPage() {
  return <CrudListPage resource={resource} />;
}
