import {
  installValidationMessages,
  keyWithParams,
  zCustomerOrderRequest,
  type AvailableForOrderResponse,
  type CustomerOrderRequest,
} from '@homeward/contracts';
import { ApiRequestError } from '../../app/api/api-request-error';

installValidationMessages();

/** What the new-order dialog holds: quantities per accessory id, '' for no choice. */
export interface OrderForm {
  productId: string;
  quantity: number | '';
  organizationId: string;
  accessories: Record<string, number | ''>;
  note: string;
}

/** Field errors by form field: `productId`, `quantity`, `organizationId`, `note`, `accessory.<id>`. */
export type OrderFormErrors = Record<string, string>;

export function emptyOrderForm(organizationIds: string[]): OrderForm {
  return { productId: '', quantity: 1, organizationId: organizationIds[0] ?? '', accessories: {}, note: '' };
}

/** The request the form sends: accessories with a quantity only, no watches without a family. */
export function toOrderRequest(customerId: string, form: OrderForm): CustomerOrderRequest {
  return {
    customerId,
    productId: form.productId || null,
    quantity: form.productId ? Number(form.quantity === '' ? 0 : form.quantity) : 0,
    organizationId: form.organizationId || null,
    accessories: Object.entries(form.accessories)
      .filter(([, quantity]) => quantity !== '' && quantity !== 0)
      .map(([productId, quantity]) => ({ productId, quantity: Number(quantity) })),
    note: form.note,
  };
}

/** A request field (`accessories.2.quantity`) as the form field it belongs to (`accessory.<id>`). */
function formFieldOf(field: string, request: CustomerOrderRequest): string {
  const match = /^accessories\.(\d+)\./.exec(field);
  if (!match) return field.split('.')[0]!;
  const line = request.accessories?.[Number(match[1])];
  return line ? `accessory.${line.productId}` : 'accessories';
}

/**
 * The contract's rules on the request the form would send, plus what the stock shown allows:
 * more watches or accessories than are available is refused before calling the server.
 */
export function validateOrderForm(
  customerId: string,
  form: OrderForm,
  stock: AvailableForOrderResponse | undefined,
): OrderFormErrors {
  const request = toOrderRequest(customerId, form);
  const errors: OrderFormErrors = {};
  for (const issue of zCustomerOrderRequest.safeParse(request).error?.issues ?? []) {
    errors[formFieldOf(issue.path.join('.'), request)] ??= issue.message;
  }
  const available = stock?.items.find((item) => item.productId === request.productId)?.available;
  if (available !== undefined && (request.quantity ?? 0) > available && !errors.quantity) {
    errors.quantity = keyWithParams('orders:moreThanAvailable', { count: available });
  }
  for (const line of request.accessories ?? []) {
    const count = stock?.accessories.find((item) => item.productId === line.productId)?.count;
    const field = `accessory.${line.productId}`;
    if (count !== undefined && line.quantity > count && !errors[field]) {
      errors[field] = keyWithParams('orders:moreThanAvailable', { count });
    }
  }
  return errors;
}

/** A 400's field errors as form fields; empty for any other failure. */
export function serverOrderErrors(error: unknown, request: CustomerOrderRequest): OrderFormErrors {
  if (!(error instanceof ApiRequestError)) return {};
  const errors: OrderFormErrors = {};
  for (const fieldError of error.body?.error.validationErrors ?? []) {
    const message = fieldError.params
      ? keyWithParams(fieldError.message, fieldError.params)
      : fieldError.message;
    errors[formFieldOf(fieldError.field, request)] ??= message;
  }
  return errors;
}
