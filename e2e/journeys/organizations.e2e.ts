import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';
import { DEMO_PASSWORD, signInOnProviderPage, storedAccessToken } from '../support/sign-in';
import { switchLanguage } from '../support/language';

const baseUrl = inject('baseUrl');
const DISTRICT = 'Distrikt Nord';
const CHILD = 'Team Nordvest';
const REASON = {
  da: 'Organisationen har 1 underorganisation(er); flyt eller slet dem først',
  en: 'The organization has 1 sub-organization(s); move or delete them first',
};

const CUSTOMER = 'Demo Kommune Hjemmepleje';

/**
 * The customer the customers journey creates. The journeys may run in any order, so when this one
 * runs first it makes the customer through the API, as the customers screen would.
 */
async function ensureCustomer(page: Page): Promise<void> {
  const token = await storedAccessToken(page);
  await page.evaluate(
    async ({ accessToken, name }) => {
      const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
      const found = await fetch(`/api/organizations/customer-lookup?filter=${encodeURIComponent(name)}`, {
        headers,
      });
      if (((await found.json()) as { totalCount: number }).totalCount > 0) return;
      const created = await fetch('/api/customers', {
        method: 'POST',
        headers,
        body: JSON.stringify({ name, ean: '5790000000012', currency: 'DKK' }),
      });
      if (created.status !== 201) throw new Error(`customer not created: ${await created.text()}`);
    },
    { accessToken: token, name: CUSTOMER },
  );
}

/** Creates an organization through the form (under `parent`'s menu, or at the top level). */
async function createOrganization(
  page: Page,
  name: string,
  parent?: string,
  customer?: string,
): Promise<void> {
  if (parent) {
    await page.getByTestId(`org-actions-${parent}`).click();
    await page.getByTestId('org-createChild').click();
  } else {
    await page.getByTestId('org-create-root').click();
  }
  await page.getByTestId('crud-field-displayName').fill(name);
  if (customer) {
    // The customer lookup searches on the server as the user types, then the option is chosen.
    await page.getByTestId('crud-field-customerId').fill(customer.slice(0, 12));
    await page.getByRole('option', { name: customer }).click();
  }
  await expectAccessible(page, 'the organization dialog', '[data-testid="crud-form-dialog"]');
  await page.getByTestId('crud-form-save').click();
  await page.getByTestId('crud-form-dialog').waitFor({ state: 'detached' });
  await page.getByTestId(`org-node-${name}`).waitFor();
}

/** Asks to delete the district and returns the reason the refusal dialog shows. */
async function tryToDeleteDistrict(page: Page): Promise<string> {
  await page.getByTestId(`org-actions-${DISTRICT}`).click();
  await page.getByTestId('org-delete').click();
  await page.getByTestId('confirm-delete-ok').click();
  const reason = page.getByTestId('org-delete-reason');
  await reason.waitFor();
  // Let the dialog finish fading in, so the screenshot shows it and not a blend.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await expectAccessible(page, 'the refused delete', '[data-testid="org-delete-refused"]');
  return (await reason.textContent()) ?? '';
}

describe('organizations journey: a district with a team, and a delete the server refuses', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });

  it('kommune.admin creates "Distrikt Nord" at the top of the tree, linked to the customer, and sees it', async () => {
    const page = currentPage();
    await page.goto('/organizaitons');
    await signInOnProviderPage(page, 'kommune.admin', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/organizaitons`);
    // The demo organizations are there, with their device counts.
    await page.getByTestId('org-node-Plejecenter Solgården').waitFor();
    await expectAccessible(page, 'the organization tree');
    await ensureCustomer(page);
    await createOrganization(page, DISTRICT, undefined, CUSTOMER);
    // The tree names the district's customer beside its counts.
    expect(await page.getByTestId(`org-node-${DISTRICT}`).textContent()).toContain(CUSTOMER);
    await saveScreenshot(page, 'organizations-created');
  });

  it('creates a sub-organization under it, shown in the opened branch', async () => {
    const page = currentPage();
    await createOrganization(page, CHILD, DISTRICT);
    expect(await page.getByTestId(`org-expand-${DISTRICT}`).getAttribute('aria-expanded')).toBe('true');
    await saveScreenshot(page, 'organizations-child');
    await expectAccessible(page, 'the organization tree with an open branch');
  });

  it('is told in Danish, then in English, why "Distrikt Nord" cannot be deleted', async () => {
    const page = currentPage();
    await switchLanguage(page, 'da');
    expect(await tryToDeleteDistrict(page)).toContain(REASON.da);
    await saveScreenshot(page, 'organizations-delete-refused-da');
    await page.getByTestId('org-delete-refused-close').click();
    await page.getByTestId('org-delete-refused').waitFor({ state: 'detached' });

    await switchLanguage(page, 'en');
    expect(await tryToDeleteDistrict(page)).toContain(REASON.en);
    await saveScreenshot(page, 'organizations-delete-refused-en');
    await page.getByTestId('org-delete-refused-close').click();
  });

  it('finds through the API that nothing was deleted', async () => {
    const page = currentPage();
    const token = await storedAccessToken(page);
    const response = await fetch(`${baseUrl}/api/organizations?filter=${encodeURIComponent(DISTRICT)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: { displayName: string; childCount: number }[] };
    expect(body.items).toEqual([
      expect.objectContaining({
        displayName: DISTRICT,
        childCount: 1,
        parentId: null,
        customerName: CUSTOMER,
      }),
    ]);
  });
});
