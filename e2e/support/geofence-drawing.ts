import type { Page } from 'playwright-core';

/** The draw map's centre in page coordinates, once its tiles have loaded. */
export async function drawMapCentre(page: Page): Promise<{ x: number; y: number }> {
  const map = page.locator('[data-testid="geofence-draw-map"][data-state="loaded"]');
  await map.waitFor();
  const box = await map.boundingBox();
  if (!box) throw new Error('the draw map has no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Draws a four-cornered polygon around the draw map's centre with Geoman, as a person does: the
 * polygon tool, four corners, then the first corner again to close it; waits until the form holds it.
 */
export async function drawPolygon(page: Page): Promise<void> {
  const centre = await drawMapCentre(page);
  await page.getByTestId('geofence-draw-polygon').click();
  const corners = [
    [-90, -60],
    [90, -70],
    [100, 60],
    [-80, 70],
    [-90, -60],
  ] as const;
  for (const [dx, dy] of corners) {
    await page.mouse.move(centre.x + dx, centre.y + dy, { steps: 4 });
    await page.mouse.click(centre.x + dx, centre.y + dy);
  }
  await page.locator('[data-testid="geofence-drawn"][data-kind="polygon"]').waitFor();
}

/**
 * Draws a circle with Geoman: the circle tool, a click at the draw map's centre, then one `radius`
 * pixels east of it; waits until the form holds it.
 */
export async function drawCircle(page: Page, radius: number): Promise<void> {
  const centre = await drawMapCentre(page);
  await page.getByTestId('geofence-draw-circle').click();
  await page.mouse.click(centre.x, centre.y);
  await page.mouse.move(centre.x + radius, centre.y, { steps: 8 });
  await page.mouse.click(centre.x + radius, centre.y);
  await page.locator('[data-testid="geofence-drawn"][data-kind="circle"]').waitFor();
}
