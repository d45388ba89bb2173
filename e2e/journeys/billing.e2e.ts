import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BillingInvoicesResponse, WatchSubscriptionsResponse } from '@homeward/contracts';
import { journeyPerson, passwordGrant } from '../support/accounts';
import { expectAccessible } from '../support/accessibility';
import { apiGet } from '../support/api';
import { billingSection, CARD_EXPIRY_YEAR, openBilling, typeCard } from '../support/billing';
import { ARTIFACTS_DIR, journeyPage, saveScreenshot } from '../support/browser';
import { registerHouseholdOwner, signInToDashboard } from '../support/households';
import { sidewaysOverflow } from '../support/layout';
import { DEMO_PASSWORD } from '../support/sign-in';
import { connectStockWatch, registerStockWatch } from '../support/watches';

const plugAndPlayUrl = inject('plugAndPlayUrl');
const serverLogFile = inject('serverLogFile');

/**
 * The billing story of issue 18 on the plug-and-play client, as a private owner: a new household
 * with one watch opens Billing, a declined card is refused with the processor's text, a good card
 * becomes the default, the watch is subscribed monthly, moved to annual, paused and renewed, the
 * invoice of the first month is downloaded and read back with `pdftotext`, and the screen fits a
 * phone. The household and its watch are new on each run, so no other journey's cards are touched.
 */
const suffix = randomBytes(3).toString('hex');
const owner = journeyPerson('Karen', 'Berg', `billing.${suffix}`);
const WATCH_NAME = "Mum's watch";

/** A toast: the one notification at the top right, an alert with the given text. */
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/**
 * A full-page screenshot taken from the top: of a page scrolled down (to a field with an error, a
 * clicked button), the full-page capture draws the fixed app bar and navigation mid-page.
 */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

/** A date as the billing screen writes it in English (medium, UTC). */
const screenDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en', { dateStyle: 'medium', timeZone: 'UTC' });

describe('billing: a private owner adds a card, subscribes her watch, changes, pauses and renews it, and downloads the invoice', () => {
  const ownerPage = journeyPage(plugAndPlayUrl, { beforeAll, afterAll });

  /** The watch's row in Subscriptions, found by the watch's name. */
  const watchRow = () =>
    billingSection(ownerPage(), 'Subscriptions')
      .getByRole('listitem')
      .filter({ has: ownerPage().getByRole('heading', { name: WATCH_NAME }) });

  beforeAll(async () => {
    // The seller's staff register a watch in stock; the box carries its activation code.
    const staff = await passwordGrant(plugAndPlayUrl, 'branded', 'kommune.admin', DEMO_PASSWORD);
    const watch = await registerStockWatch(plugAndPlayUrl, staff, `Stock billing ${suffix}`);
    // She registers and confirms on screen. The watch is connected through the API before she
    // first signs in to the app: the app keeps a list it has read until it changes it itself
    // (no refetch on mount), so a watch connected behind its back would not show. The
    // plug-and-play journey connects one on screen.
    await registerHouseholdOwner(ownerPage(), owner, plugAndPlayUrl, serverLogFile);
    const token = await passwordGrant(plugAndPlayUrl, 'plug-and-play', owner.userName, owner.password);
    await connectStockWatch(plugAndPlayUrl, token, watch, WATCH_NAME);
  });

  it('0. the owner of a new household opens Billing from the navigation', async () => {
    const page = ownerPage();
    await signInToDashboard(page, owner, plugAndPlayUrl);
    await page.getByTestId('household-watches').getByText(WATCH_NAME).waitFor();
    await expectAccessible(page, 'the dashboard of the new household with its watch');
    await openBilling(page, plugAndPlayUrl);
    await watchRow().getByText('No subscription', { exact: true }).waitFor();
    await billingSection(page, 'Payment cards').getByText('No cards yet').waitFor();
    await billingSection(page, 'Billing history').getByText('No invoices yet').waitFor();
    await expectAccessible(page, 'the billing screen of a new household');
    await screenshot(page, 'billing-0-new-household');
  });

  it('1. a declined card (4000 0000 0000 0002) is refused with "Card declined"', async () => {
    const page = ownerPage();
    await billingSection(page, 'Payment cards').getByRole('button', { name: 'Add card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a card' });
    await dialog.getByLabel('Card number').waitFor();
    await expectAccessible(page, 'the add-card dialog', '[role="dialog"]');
    await typeCard(dialog, '4000 0000 0000 0002');
    await dialog.getByRole('button', { name: 'Add card' }).click();
    // The processor's text in the form, announced there, and a failure toast besides. The toast
    // is read by its text: while the dialog is open, the dialog hides the rest of the page (the
    // toast included) from assistive technology, so its alert role does not count there.
    await dialog.getByRole('alert').filter({ hasText: 'Card declined' }).waitFor();
    await page.getByText('Adding the card failed: Card declined').waitFor();
    await expectAccessible(page, 'the add-card dialog with a declined card', '[role="dialog"]');
    await screenshot(page, 'billing-1-card-declined');
  });

  it('2. a good card (4242 4242 4242 4242) is added as the default card', async () => {
    const page = ownerPage();
    const dialog = page.getByRole('dialog', { name: 'Add a card' });
    await typeCard(dialog, '4242 4242 4242 4242');
    await dialog.getByRole('img', { name: 'Visa' }).waitFor();
    const makeDefault = dialog.getByRole('checkbox', { name: 'Make this my default card' });
    await makeDefault.check();
    expect(await makeDefault.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Add card' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, 'Card •••• 4242 added').waitFor();

    const cards = billingSection(page, 'Payment cards').getByRole('listitem');
    const card = cards.filter({ hasText: '•••• 4242' });
    await card.getByRole('img', { name: 'Visa' }).waitFor();
    await card.getByText(`Expires 12/${CARD_EXPIRY_YEAR}`).waitFor();
    await card.getByText('Default', { exact: true }).waitFor();
    // The declined card was never saved: this is the household's only card.
    expect(await cards.count()).toBe(1);
    expect(await card.getByRole('button', { name: /^Make default/ }).count()).toBe(0);
    await card.getByRole('button', { name: 'Remove Visa •••• 4242' }).waitFor();
    await expectAccessible(page, 'the billing screen with a default card');
    await screenshot(page, 'billing-2-card-default');
  });

  it('3. the billing details are saved, after a wrong zip code is pointed out at its field', async () => {
    const page = ownerPage();
    const details = billingSection(page, 'Billing details');
    await details.getByRole('textbox', { name: 'Name', exact: true }).fill(owner.fullName);
    await details.getByRole('textbox', { name: 'Street' }).fill('Åboulevarden 1');
    await details.getByRole('textbox', { name: 'Zip code' }).fill('80#00');
    await details.getByRole('textbox', { name: 'City' }).fill('Aarhus C');
    expect(await details.getByRole('textbox', { name: 'Country' }).inputValue()).toBe('DK');
    await details.getByRole('button', { name: 'Save details' }).click();

    const zip = details.getByRole('textbox', { name: 'Zip code' });
    await details.locator('input[aria-invalid="true"]').first().waitFor();
    expect(await zip.getAttribute('aria-invalid')).toBe('true');
    const zipError = page.locator(`[id="${await zip.getAttribute('aria-describedby')}"]`);
    expect(await zipError.textContent()).toBe('Enter a valid zip code');
    await expectAccessible(page, 'the billing details with a wrong zip code');
    await screenshot(page, 'billing-3-details-wrong-zip');

    await zip.fill('8000');
    await details.getByRole('button', { name: 'Save details' }).click();
    await toast(page, 'Billing details saved').waitFor();
    expect(await zip.getAttribute('aria-invalid')).toBe('false');
    await expectAccessible(page, 'the billing details saved');
    await screenshot(page, 'billing-3-details-saved');
  });

  it('4. the watch is subscribed monthly and shows its plan and renewal date', async () => {
    const page = ownerPage();
    await watchRow()
      .getByRole('button', { name: `Subscribe ${WATCH_NAME}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Subscribe ${WATCH_NAME}` });
    const monthly = dialog.getByRole('radio', { name: /^Monthly/ });
    await monthly.waitFor();
    // Subscribing starts from monthly, with no commitment.
    expect(await monthly.isChecked()).toBe(true);
    await expectAccessible(page, 'the subscribe dialog', '[role="dialog"]');
    await screenshot(page, 'billing-4-subscribe-dialog');
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, `${WATCH_NAME} is subscribed monthly`).waitFor();

    const row = watchRow();
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText(/^Monthly · DKK\s149\.00 per month$/).waitFor();
    const { subscriptions } = await apiGet<WatchSubscriptionsResponse>(
      page,
      plugAndPlayUrl,
      '/api/billing/subscriptions',
    );
    const renewsAt = subscriptions[0]!.renewsAt!;
    // The next charge is a month on.
    const daysAhead = (Date.parse(renewsAt) - Date.now()) / 86_400_000;
    expect(daysAhead).toBeGreaterThan(27);
    expect(daysAhead).toBeLessThan(32);
    await row.getByText(`Renews ${screenDate(renewsAt)}`).waitFor();
    await expectAccessible(page, 'the watch subscribed monthly');
    await screenshot(page, 'billing-4-subscribed-monthly');
  });

  it('5. the watch moves to the annual plan', async () => {
    const page = ownerPage();
    await watchRow()
      .getByRole('button', { name: `Change plan for ${WATCH_NAME}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Change plan for ${WATCH_NAME}` });
    const annual = dialog.getByRole('radio', { name: /^Annual/ });
    await annual.waitFor();
    // Changing offers the other plan, with its 12-month commitment.
    expect(await annual.isChecked()).toBe(true);
    await dialog.getByText('12-month commitment, billed monthly').waitFor();
    await expectAccessible(page, 'the change-plan dialog', '[role="dialog"]');
    await screenshot(page, 'billing-5-change-plan-dialog');
    await dialog.getByRole('button', { name: 'Change plan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, `${WATCH_NAME} moves to the annual plan from the next period`).waitFor();
    await watchRow()
      .getByText(/^Annual · DKK\s129\.00 per month$/)
      .waitFor();
    await watchRow()
      .getByText(/^Annual commitment until /)
      .waitFor();
    await expectAccessible(page, 'the watch on the annual plan');
    await screenshot(page, 'billing-5-annual');
  });

  it('6. the subscription is paused, then renewed', async () => {
    const page = ownerPage();
    const row = watchRow();
    await row.getByRole('button', { name: `Pause subscription for ${WATCH_NAME}` }).click();
    await toast(page, `The subscription for ${WATCH_NAME} is paused`).waitFor();
    await row.getByText('Paused', { exact: true }).waitFor();
    await row.getByText(/^Paused · the current period ends /).waitFor();
    await expectAccessible(page, 'the paused subscription');
    await screenshot(page, 'billing-6-paused');

    await row.getByRole('button', { name: `Resume subscription for ${WATCH_NAME}` }).click();
    await toast(page, `The subscription for ${WATCH_NAME} is renewed`).waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText(/^Renews /).waitFor();
    await row.getByRole('button', { name: `Pause subscription for ${WATCH_NAME}` }).waitFor();
    await expectAccessible(page, 'the renewed subscription');
    await screenshot(page, 'billing-6-renewed');
  });

  it('7. the invoice of the first month is downloaded as a PDF showing the amount, the VAT and the period', async () => {
    const page = ownerPage();
    const { invoices } = await apiGet<BillingInvoicesResponse>(page, plugAndPlayUrl, '/api/billing/invoices');
    // One invoice: the first month, charged on subscribing; the plan change and the pause bill
    // from the next period.
    expect(invoices).toHaveLength(1);
    const invoice = invoices[0]!;
    const history = billingSection(page, 'Billing history');
    const item = history.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: `Invoice ${invoice.number}` }),
    });
    await item.getByText('Paid', { exact: true }).waitFor();
    await item.getByText(/^Total DKK\s149\.00, of which VAT DKK\s29\.80$/).waitFor();
    await item
      .getByText(`Period: ${screenDate(invoice.periodStart)} – ${screenDate(invoice.periodEnd)}`)
      .waitFor();
    await expectAccessible(page, 'the billing history');
    await screenshot(page, 'billing-7-history');

    const downloaded = page.waitForEvent('download');
    await item.getByRole('button', { name: `Download PDF: invoice ${invoice.number}` }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const file = path.join(ARTIFACTS_DIR, 'billing-7-invoice.pdf');
    await download.saveAs(file);

    // Read back as a person's PDF reader would show it (`pdftotext`, poppler-utils).
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const day = (iso: string) => iso.slice(0, 10);
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain(`Period: ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`);
    expect(text).toMatch(/Subtotal excl\. VAT\s+119\.20 DKK/);
    expect(text).toMatch(/VAT 25%\s+29\.80 DKK/);
    expect(text).toMatch(/Total incl\. VAT\s+149\.00 DKK/);
    // Made out to the billing details saved before subscribing.
    expect(text).toContain(owner.fullName);
    expect(text).toContain('Åboulevarden 1');
    expect(text).toContain('8000 Aarhus C');
  });

  it('8. the billing screen fits a 390 px phone without sideways scrolling', async () => {
    const page = ownerPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectAccessible(page, 'the billing screen at 390 px');
    await screenshot(page, 'billing-8-390');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
