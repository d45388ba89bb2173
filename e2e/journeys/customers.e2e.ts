import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';
import { DEMO_PASSWORD, signInOnProviderPage, storedAccessToken } from '../support/sign-in';
import { switchLanguage } from '../support/language';

const baseUrl = inject('baseUrl');
const CUSTOMER = 'Demo Kommune Hjemmepleje';
const EAN = '5798000000017';
const WATCH = 'Homeward Watch 4G';

/** The same error in both languages: the UI shows one, then the other after switching. */
const TEXTS = {
  ean: { en: 'EAN number must be exactly 13 characters', da: 'EAN-nummer skal være præcis 13 tegn' },
  discount: { en: 'Discount (%) must be at most 100', da: 'Rabat (%) må højst være 100' },
  email: { en: 'E-mail must be a valid e-mail address', da: 'E-mail skal være en gyldig e-mailadresse' },
};

/** GET an API path with the signed-in user's token, as a check outside the UI. */
async function api<T>(page: Page, path: string): Promise<T> {
  const token = await storedAccessToken(page);
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function openCreateDialog(page: Page): Promise<void> {
  await page.getByTestId('crud-create').click();
  await page.getByTestId('crud-form-dialog').waitFor();
}

async function cancelDialog(page: Page): Promise<void> {
  await page.getByTestId('crud-form-cancel').click();
  await page.getByTestId('crud-form-dialog').waitFor({ state: 'detached' });
}

interface CustomerPage {
  items: { id: string; name: string; ean: string; contactCount: number; discountPercentage: number }[];
  totalCount: number;
}
interface Pricing {
  discountPercentage: number;
  items: { productName: string; customerPriceMinor: number | null; netPriceMinor: number }[];
}

const DIALOG = '[data-testid="crud-form-dialog"]';

const findCustomer = (page: Page) =>
  api<CustomerPage>(page, `/api/customers?filter=${encodeURIComponent(CUSTOMER)}`);

describe('customers journey: a customer with contacts, a discount, a custom price and reset prices', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });
  let customerId = '';

  it('the Demo Kommune admin signs in on the customers screen', async () => {
    const page = currentPage();
    await page.goto('/customers');
    await signInOnProviderPage(page, 'kommune.admin', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/customers`);
    await page.getByRole('grid').getByText('Demo Kommune Nord – Ældreplejen').waitFor();
    await expectAccessible(page, 'the customers list');
  });

  it('refuses a 12-digit EAN in English and in Danish, and creates nothing', async () => {
    const page = currentPage();
    for (const language of ['en', 'da'] as const) {
      await switchLanguage(page, language);
      await openCreateDialog(page);
      await page.getByTestId('crud-field-name').fill(CUSTOMER);
      await page.getByTestId('crud-field-ean').fill(EAN.slice(0, 12));
      await page.getByTestId('crud-form-save').click();
      await page.getByTestId('crud-form-dialog').getByText(TEXTS.ean[language]).waitFor();
      await saveScreenshot(page, `customers-ean-error-${language}`);
      await expectAccessible(page, `the customer dialog with an error (${language})`, DIALOG);
      await cancelDialog(page);
    }
    expect((await findCustomer(page)).totalCount).toBe(0);
  });

  it(`creates "${CUSTOMER}" with an EAN`, async () => {
    const page = currentPage();
    await switchLanguage(page, 'en');
    await openCreateDialog(page);
    await page.getByTestId('crud-field-name').fill(CUSTOMER);
    await page.getByTestId('crud-field-city').fill('Demoby');
    await page.getByTestId('crud-field-ean').fill(EAN);
    await page.getByTestId('crud-field-cvr').fill('29189854');
    await page.getByTestId('crud-field-invoiceEmail').fill('faktura@hjemmepleje.example');
    await page.getByTestId('crud-form-save').click();
    await page.getByTestId('crud-form-dialog').waitFor({ state: 'detached' });
    await page.getByTestId(`customer-link-${CUSTOMER}`).click();
    await page.getByTestId('customer-tab-information').waitFor();
    const found = await findCustomer(page);
    expect(found.items).toEqual([expect.objectContaining({ name: CUSTOMER, ean: EAN })]);
    customerId = found.items[0]!.id;
    expect(page.url()).toBe(`${baseUrl}/customers/${customerId}`);
    await expectAccessible(page, "the customer's information tab");
    await saveScreenshot(page, 'customers-information');
  });

  it('adds two contacts, and refuses a broken e-mail in both languages without adding one', async () => {
    const page = currentPage();
    await page.getByTestId('customer-tab-contacts').click();
    const people = [
      { first: 'Hanne', last: 'Holm', email: 'hanne.holm@hjemmepleje.example' },
      { first: 'Ole', last: 'Lund', email: 'ole.lund@hjemmepleje.example' },
    ];
    for (const person of people) {
      await openCreateDialog(page);
      await page.getByTestId('crud-field-firstName').fill(person.first);
      await page.getByTestId('crud-field-lastName').fill(person.last);
      await page.getByTestId('crud-field-email').fill(person.email);
      await page.getByTestId('crud-field-roleIds').locator('input[type="checkbox"]').first().check();
      await page.getByTestId('crud-form-save').click();
      await page.getByTestId('crud-form-dialog').waitFor({ state: 'detached' });
      await page.getByRole('grid').getByText(`${person.first} ${person.last}`).waitFor();
    }
    for (const language of ['en', 'da'] as const) {
      await switchLanguage(page, language);
      await openCreateDialog(page);
      await page.getByTestId('crud-field-firstName').fill('Broken');
      await page.getByTestId('crud-field-lastName').fill('Mail');
      await page.getByTestId('crud-field-email').fill('broken@');
      await page.getByTestId('crud-form-save').click();
      await page.getByTestId('crud-form-dialog').getByText(TEXTS.email[language]).waitFor();
      await saveScreenshot(page, `customers-contact-email-error-${language}`);
      await expectAccessible(page, `the contact dialog with an error (${language})`, DIALOG);
      await cancelDialog(page);
    }
    const contacts = await api<{ totalCount: number }>(page, `/api/contact-people?customerId=${customerId}`);
    expect(contacts.totalCount).toBe(2);
    await saveScreenshot(page, 'customers-contacts');
    await expectAccessible(page, "the customer's contacts tab (Danish)");
  });

  it('refuses a discount of 101 in Danish and in English, and keeps the discount', async () => {
    const page = currentPage();
    await page.getByTestId('customer-tab-pricing').click();
    await page.getByTestId('crud-field-discountPercentage').fill('101');
    await page.getByTestId('discount-save').click();
    await page.getByTestId('discount-form').getByText(TEXTS.discount.da).waitFor();
    await saveScreenshot(page, 'customers-discount-error-da');
    await expectAccessible(page, "the customer's pricing tab with an error (Danish)");
    await switchLanguage(page, 'en');
    await page.getByTestId('discount-form').getByText(TEXTS.discount.en).waitFor();
    await saveScreenshot(page, 'customers-discount-error-en');
    expect((await api<Pricing>(page, `/api/customers/${customerId}/prices`)).discountPercentage).toBe(0);
  });

  it('sets a 12.5 % discount and a custom price of the watch', async () => {
    const page = currentPage();
    await page.getByTestId('crud-field-discountPercentage').fill('12.5');
    await page.getByTestId('discount-save').click();
    // 1,499.00 list price less 12.5 % is 1,311.63 (rounded to the øre).
    await page.getByTestId(`net-price-${WATCH}`).getByText('1,311.63', { exact: false }).waitFor();
    await page.getByTestId(`price-input-${WATCH}`).fill('1299.00');
    await page.getByTestId(`price-save-${WATCH}`).click();
    // 1,299.00 less 12.5 % is 1,136.63.
    await page.getByTestId(`net-price-${WATCH}`).getByText('1,136.63', { exact: false }).waitFor();
    const pricing = await api<Pricing>(page, `/api/customers/${customerId}/prices`);
    expect(pricing.discountPercentage).toBe(12.5);
    expect(pricing.items.find((item) => item.productName === WATCH)).toMatchObject({
      customerPriceMinor: 129_900,
      netPriceMinor: 113_663,
    });
    await saveScreenshot(page, 'customers-pricing-custom');
  });

  it('resets the prices to the list prices, keeping the discount', async () => {
    const page = currentPage();
    await page.getByTestId('prices-reset').click();
    await page.getByTestId('prices-reset-ok').waitFor();
    await expectAccessible(page, 'the reset prices confirmation', '[data-testid="prices-reset-dialog"]');
    await page.getByTestId('prices-reset-ok').click();
    await page.getByTestId('prices-reset-dialog').waitFor({ state: 'detached' });
    await page.getByTestId(`net-price-${WATCH}`).getByText('1,311.63', { exact: false }).waitFor();
    const pricing = await api<Pricing>(page, `/api/customers/${customerId}/prices`);
    expect(pricing.discountPercentage).toBe(12.5);
    expect(pricing.items.every((item) => item.customerPriceMinor === null)).toBe(true);
    expect(await page.getByTestId(`price-input-${WATCH}`).inputValue()).toBe('');
    await saveScreenshot(page, 'customers-pricing-reset');
  });

  it('lists the new contacts on /contact-people with their customer', async () => {
    const page = currentPage();
    await page.goto('/contact-people');
    await page.getByTestId('crud-search').fill('Holm');
    const grid = page.getByRole('grid');
    // The search runs on the server: only Hanne stays, with her customer as a link. Hanne first:
    // she is in the unfiltered list too, so once she shows some answer has arrived, and Ole leaving
    // then means the search's answer is the one shown (before any answer, Ole is trivially absent).
    await grid.getByText('Hanne Holm').waitFor();
    await grid.getByText('Ole Lund').waitFor({ state: 'detached' });
    await grid.getByRole('link', { name: CUSTOMER }).waitFor();
    await saveScreenshot(page, 'customers-contact-people');
    await expectAccessible(page, 'the contact people');
  });

  it('adds a subscription to the product catalogue on /accessories, priced in kroner', async () => {
    const page = currentPage();
    await page.goto('/accessories');
    await page.getByRole('grid').getByText(WATCH).waitFor();
    await expectAccessible(page, 'the product catalogue');
    await openCreateDialog(page);
    await page.getByTestId('crud-field-kind').selectOption('subscription');
    await page.getByTestId('crud-field-name').fill('Annual tracking subscription');
    await page.getByTestId('crud-field-listPrice').fill('990.50');
    await expectAccessible(page, 'the new product dialog', DIALOG);
    await page.getByTestId('crud-form-save').click();
    await page.getByTestId('crud-form-dialog').waitFor({ state: 'detached' });
    await page.getByRole('grid').getByText('Annual tracking subscription').waitFor();
    const products = await api<{ items: { name: string; listPriceMinor: number; kind: string }[] }>(
      page,
      '/api/products?filter=Annual',
    );
    expect(products.items).toEqual([
      expect.objectContaining({
        kind: 'subscription',
        listPriceMinor: 99_050,
        name: 'Annual tracking subscription',
      }),
    ]);
    await saveScreenshot(page, 'customers-accessories');
  });
});
