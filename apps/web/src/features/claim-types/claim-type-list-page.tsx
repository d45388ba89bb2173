import { CrudListPage } from '../../components/crud/crud-list-page';
import { claimTypesResource } from './claim-types-resource';

/** /identity-management/claim-types (host only). */
export function ClaimTypeListPage() {
  return <CrudListPage resource={claimTypesResource} />;
}
