import { PRODUCT_SORT_FIELDS, formatMoney, type Product } from '@homeward/contracts';
import type { CrudResource } from '../../components/crud/crud-resource';
import { PRODUCTS_QUERY_KEY, getProducts } from './get-products';
import {
  EMPTY_PRODUCT_FORM,
  PRODUCT_FORM_FIELDS,
  productFormValues,
  toProductRequest,
  zProductForm,
  type ProductForm,
} from './product-form';
import { createProduct, deleteProduct, updateProduct } from './save-product';

/** The product catalogue (accessories and the rest) as a CRUD resource; `language` formats the prices. */
export function productsResource(language: string): CrudResource<Product, ProductForm> {
  return {
    queryKey: PRODUCTS_QUERY_KEY,
    titleKey: 'products:title',
    entityKey: 'products:entity',
    columns: (t) => [
      { field: 'name', headerName: t('products:name'), flex: 2, minWidth: 180 },
      {
        field: 'kind',
        headerName: t('products:kind'),
        width: 150,
        valueFormatter: (value: string) => t(`products:kinds.${value}`),
      },
      {
        field: 'listPriceMinor',
        headerName: t('products:listPrice'),
        width: 150,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (value: number, row: Product) => formatMoney(value, row.currency, language),
      },
      { field: 'stellaIdPrefix', headerName: t('products:stellaIdPrefix'), width: 140, sortable: false },
      {
        field: 'expectedReportingIntervalSeconds',
        headerName: t('products:expectedReportingIntervalSeconds'),
        width: 200,
        sortable: false,
      },
      { field: 'launchDate', headerName: t('products:launchDate'), width: 130 },
      { field: 'endOfLifeDate', headerName: t('products:endOfLifeDate'), width: 140 },
      {
        field: 'count',
        headerName: t('products:count'),
        width: 110,
        align: 'right',
        headerAlign: 'right',
      },
    ],
    sortFields: PRODUCT_SORT_FIELDS,
    getId: (product) => product.id,
    getName: (product) => product.name,
    fetchList: getProducts,
    permissions: {
      create: 'Homeward.Accessories.Create',
      update: 'Homeward.Accessories.Edit',
      delete: 'Homeward.Accessories.Delete',
    },
    create: (values) => createProduct(toProductRequest(values)),
    update: (id, values) => updateProduct(id, toProductRequest(values)),
    remove: deleteProduct,
    form: {
      schema: () => zProductForm,
      fields: () => PRODUCT_FORM_FIELDS,
      defaultValues: () => structuredClone(EMPTY_PRODUCT_FORM),
      toFormValues: productFormValues,
    },
  };
}
