import {
  zAddCardRequest,
  zBillingCard,
  zBillingCardsResponse,
  zBillingDetailsRequest,
  zBillingDetailsResponse,
  zBillingInvoicesResponse,
  zCardSetupResponse,
  zChangePlanRequest,
  zLocalCardConfirmRequest,
  zLocalCardConfirmResponse,
  zSubscribeRequest,
  zWatchSubscription,
  zWatchSubscriptionsResponse,
} from '../billing';
import {
  zCustomer,
  zCustomerDiscountRequest,
  zCustomerListResponse,
  zCustomerPricing,
  zSaveCustomerRequest,
  zSetCustomerPricesRequest,
} from '../customers';
import {
  zInvoice,
  zInvoiceExportRequest,
  zInvoiceListRequest,
  zInvoiceListResponse,
  zInvoiceRunRequest,
  zInvoiceRunResponse,
} from '../invoices';
import {
  zAvailableForOrderResponse,
  zCustomerOrder,
  zCustomerOrderListRequest,
  zCustomerOrderListResponse,
  zCustomerOrderRequest,
  zProductsAndServices,
} from '../orders';
import { zProduct, zProductListResponse, zSaveProductRequest } from '../products';
import { zPagedRequest } from '../users';
import { BLOB, endpoint, endpointGroup, zNoContent } from './endpoint';

/** Selling watches: products, customers and their prices, orders, invoices, and a household's billing. */

const CUSTOMERS = '/api/customers';
const INVOICES = '/api/invoices';
const BILLING = '/api/billing';

export const productEndpoints = endpointGroup('products', {
  list: endpoint('GET', '/api/products', { query: zPagedRequest, response: zProductListResponse }),
  create: endpoint('POST', '/api/products', { body: zSaveProductRequest, response: zProduct }),
  update: endpoint('PUT', '/api/products/:id', { body: zSaveProductRequest, response: zProduct }),
  delete: endpoint('DELETE', '/api/products/:id', { response: zNoContent }),
});

export const customerEndpoints = endpointGroup('customers', {
  list: endpoint('GET', CUSTOMERS, { query: zPagedRequest, response: zCustomerListResponse }),
  get: endpoint('GET', `${CUSTOMERS}/:id`, { response: zCustomer }),
  create: endpoint('POST', CUSTOMERS, { body: zSaveCustomerRequest, response: zCustomer }),
  update: endpoint('PUT', `${CUSTOMERS}/:id`, { body: zSaveCustomerRequest, response: zCustomer }),
  delete: endpoint('DELETE', `${CUSTOMERS}/:id`, { response: zNoContent }),
  pricing: endpoint('GET', `${CUSTOMERS}/:id/prices`, { response: zCustomerPricing }),
  setPrices: endpoint('PUT', `${CUSTOMERS}/:id/prices`, {
    body: zSetCustomerPricesRequest,
    response: zCustomerPricing,
  }),
  resetPrices: endpoint('POST', `${CUSTOMERS}/:id/prices/reset`, { response: zCustomerPricing }),
  setDiscount: endpoint('PUT', `${CUSTOMERS}/:id/discount`, {
    body: zCustomerDiscountRequest,
    response: zCustomerPricing,
  }),
  productsAndServices: endpoint('GET', `${CUSTOMERS}/:id/products-and-services`, {
    response: zProductsAndServices,
  }),
});

export const orderEndpoints = endpointGroup('orders', {
  list: endpoint('GET', '/api/orders', {
    query: zCustomerOrderListRequest,
    response: zCustomerOrderListResponse,
  }),
  get: endpoint('GET', '/api/orders/:id', { response: zCustomerOrder }),
  availableForOrder: endpoint('GET', '/api/orders/available-for-order', {
    response: zAvailableForOrderResponse,
  }),
  place: endpoint('POST', '/api/orders', { body: zCustomerOrderRequest, response: zCustomerOrder }),
});

export const invoiceEndpoints = endpointGroup('invoices', {
  list: endpoint('GET', INVOICES, { query: zInvoiceListRequest, response: zInvoiceListResponse }),
  export: endpoint('GET', `${INVOICES}/export`, { query: zInvoiceExportRequest, response: BLOB }),
  get: endpoint('GET', `${INVOICES}/:id`, { response: zInvoice }),
  pdf: endpoint('GET', `${INVOICES}/:id/pdf`, { response: BLOB }),
  run: endpoint('POST', `${INVOICES}/runs`, { body: zInvoiceRunRequest, response: zInvoiceRunResponse }),
  send: endpoint('POST', `${INVOICES}/:id/send`, { response: zInvoice }),
  markPaid: endpoint('POST', `${INVOICES}/:id/paid`, { response: zInvoice }),
  creditNote: endpoint('POST', `${INVOICES}/:id/credit-note`, { response: zInvoice }),
});

/** A household's own billing: details, cards, watch subscriptions and invoices. */
export const billingEndpoints = endpointGroup('billing', {
  details: endpoint('GET', `${BILLING}/details`, { response: zBillingDetailsResponse }),
  saveDetails: endpoint('PUT', `${BILLING}/details`, {
    body: zBillingDetailsRequest,
    response: zBillingDetailsResponse,
  }),
  cards: endpoint('GET', `${BILLING}/cards`, { response: zBillingCardsResponse }),
  startCardSetup: endpoint('POST', `${BILLING}/cards/setup`, { response: zCardSetupResponse }),
  addCard: endpoint('POST', `${BILLING}/cards`, { body: zAddCardRequest, response: zBillingCard }),
  removeCard: endpoint('DELETE', `${BILLING}/cards/:id`, { response: zNoContent }),
  setDefaultCard: endpoint('PUT', `${BILLING}/cards/:id/default`, { response: zBillingCardsResponse }),
  confirmLocalCard: endpoint('POST', `${BILLING}/local/card-setups/confirm`, {
    body: zLocalCardConfirmRequest,
    response: zLocalCardConfirmResponse,
  }),
  subscriptions: endpoint('GET', `${BILLING}/subscriptions`, { response: zWatchSubscriptionsResponse }),
  subscribe: endpoint('POST', `${BILLING}/subscriptions`, {
    body: zSubscribeRequest,
    response: zWatchSubscription,
  }),
  changePlan: endpoint('PUT', `${BILLING}/subscriptions/:id/plan`, {
    body: zChangePlanRequest,
    response: zWatchSubscription,
  }),
  pause: endpoint('POST', `${BILLING}/subscriptions/:id/pause`, { response: zWatchSubscription }),
  resume: endpoint('POST', `${BILLING}/subscriptions/:id/resume`, { response: zWatchSubscription }),
  invoices: endpoint('GET', `${BILLING}/invoices`, { response: zBillingInvoicesResponse }),
  invoicePdf: endpoint('GET', `${BILLING}/invoices/:id/pdf`, { response: BLOB }),
});
