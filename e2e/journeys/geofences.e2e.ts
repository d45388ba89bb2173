import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setStubTileStatus } from '@homeward/tools/stub-tile-server';
import { expectAccessible } from '../support/accessibility';
import { journeyPage, saveScreenshot } from '../support/browser';
import { drawCircle, drawPolygon } from '../support/geofence-drawing';
import { DEMO_PASSWORD, signInOnProviderPage } from '../support/sign-in';

const baseUrl = inject('baseUrl');
const tileServerUrl = inject('tileServerUrl');
const CIRCLE = 'Journey circle';
const POLYGON = 'Journey polygon';
const DIALOG = '[data-testid="crud-form-dialog"]';

async function openCreateDialog(page: Page, name: string) {
  await page.getByTestId('crud-create').click();
  await page.getByTestId('crud-field-name').fill(name);
}

async function saveAndSeeInList(page: Page, name: string) {
  await page.getByTestId('crud-form-save').click();
  await page.getByTestId('crud-form-dialog').waitFor({ state: 'detached' });
  await page.getByRole('grid').getByText(name, { exact: true }).waitFor();
}

describe('geofences journey: draw a circle and a polygon on the map, the area rule, a refused tile key', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });

  it('kommune.admin sees Demo Kommune’s geofences in the list and on the map', async () => {
    const page = currentPage();
    await page.goto('/geofence');
    await signInOnProviderPage(page, 'kommune.admin', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/geofence`);
    await page.getByRole('grid').getByText('Frederiksbjerg', { exact: true }).waitFor();
    await page.locator('[data-testid="geofence-overview-map"][data-state="loaded"]').waitFor();
    // Leaflet draws each fence as an SVG path in the overlay pane.
    await page.locator('[data-testid="geofence-overview-map"] .leaflet-overlay-pane path').nth(2).waitFor();
    await expectAccessible(page, 'the geofences and their map');
  });

  it('draws a circle with Geoman (centre, then radius) and saves it', async () => {
    const page = currentPage();
    await openCreateDialog(page, CIRCLE);
    await page.getByTestId('crud-field-description').fill('Drawn in the journey');
    await drawCircle(page, 80);
    await saveScreenshot(page, 'geofences-draw-circle');
    await expectAccessible(page, 'the geofence dialog with a drawn circle', DIALOG);
    await saveAndSeeInList(page, CIRCLE);
  });

  it('draws a polygon with Geoman (four corners, then the first again) and saves it', async () => {
    const page = currentPage();
    await openCreateDialog(page, POLYGON);
    await drawPolygon(page);
    expect(await page.getByTestId('geofence-drawn').textContent()).toContain('4');
    await saveScreenshot(page, 'geofences-draw-polygon');
    await saveAndSeeInList(page, POLYGON);
    const grid = page.getByRole('grid');
    await grid.getByText('Polygon', { exact: true }).first().waitFor();
    await saveScreenshot(page, 'geofences-list');
  });

  it('refuses saving without a drawn area, with the spec’s message', async () => {
    const page = currentPage();
    await openCreateDialog(page, 'Nothing drawn');
    await page.getByTestId('crud-form-save').click();
    const message = page.getByTestId('geofence-area-message');
    await message.getByText('A geofence must be drawn by selecting an area on the map').waitFor();
    await saveScreenshot(page, 'geofences-area-required');
    await expectAccessible(page, 'the geofence dialog without an area', DIALOG);
    await page.getByTestId('crud-form-cancel').click();
    await page.getByTestId('crud-form-dialog').waitFor({ state: 'detached' });
    expect(await page.getByRole('grid').getByText('Nothing drawn').count()).toBe(0);
  });

  it('shows "Error: AuthFailure" when the tile server refuses the key', async () => {
    const page = currentPage();
    await setStubTileStatus(tileServerUrl, 401);
    try {
      await page.reload();
      const map = page.locator('[data-testid="geofence-overview-map"][data-state="authFailure"]');
      await map.getByText('Error: AuthFailure', { exact: true }).waitFor();
      await saveScreenshot(page, 'geofences-map-auth-failure');
      await expectAccessible(page, 'the geofences with a refused map key');
    } finally {
      await setStubTileStatus(tileServerUrl, 200);
    }
    await page.getByTestId('map-retry').click();
    await page.locator('[data-testid="geofence-overview-map"][data-state="loaded"]').waitFor();
  });
});
