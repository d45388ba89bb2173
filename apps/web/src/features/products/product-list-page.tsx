import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { productsResource } from './products-resource';

/** /accessories: the tenant's product catalogue (device families, services, subscriptions). */
export function ProductListPage() {
  const { i18n } = useTranslation();
  const resource = useMemo(() => productsResource(i18n.language), [i18n.language]);
  return <CrudListPage resource={resource} />;
}
