import type { Page } from 'playwright-core';

/** The languages the guides are written in (apps/web/src/features/guides/guide-types.ts). */
export const SHOT_LANGUAGES = ['en', 'da'] as const;
export type ShotLanguage = (typeof SHOT_LANGUAGES)[number];

/** What the shots need of the demo world: found through the API once the server runs. */
export interface ShotWorld {
  baseUrl: string;
  /** Inge, the demo citizen the caregiver follows, and her watch. */
  citizenId: string;
  watchImei: string;
  /** A point inside Inge's geofence, where her watch reports from. */
  home: { lat: number; lon: number };
  /** Sends an SOS from Inge's watch at home (a real report through the OsmAnd gateway). */
  pressSos(): Promise<void>;
}

/**
 * One screenshot of a guide (`apps/web/public/guides/<lng>/<name>.webp`). The name is the one the
 * guide's screenshot block names; a guide shows its picture once the name is captured. A screen
 * still being built gets its line here once the screen is reachable.
 */
export interface GuideShot {
  name: string;
  /** A demo account (README "Demo data and logins"). */
  user: 'caregiver' | 'kommune.admin' | 'family.owner' | 'pnp.user';
  path(world: ShotWorld): string;
  /** Brings the screen to what the picture shows; it must end with everything drawn. */
  prepare?(page: Page, world: ShotWorld, language: ShotLanguage): Promise<void>;
  /** The part to photograph (selectors whose boxes are joined); the visible window without. */
  parts?: string[];
  /** Parts left out of the picture (hidden while it is taken), so the ones it is about sit together. */
  hide?: string[];
  /** The window's size, when the screen needs more room than the default 1000 × 680. */
  viewport?: { width: number; height: number };
  /** The screen shows what is pushed to it (an alarm): wait for its realtime socket before `prepare`. */
  waitForRealtime?: boolean;
  /** After the picture: leaves the screen as it was (a dialog cancelled). */
  cleanUp?(page: Page): Promise<void>;
}

const loadedMap = (testId: string) => `[data-testid="${testId}"][data-state="loaded"]`;

async function waitForMarkersAndFences(page: Page, mapTestId: string): Promise<void> {
  await page.locator(loadedMap(mapTestId)).waitFor();
  await page.locator(`[data-testid="${mapTestId}"] .leaflet-overlay-pane path`).first().waitFor();
}

/** What the owner types into the dialogs: the example of the watch's box, and her brother's address. */
const TYPED = {
  imei: '490154203237518',
  activationCode: 'K7MZQ-4RT9W',
  watchName: { en: 'Dad’s watch', da: 'Fars ur' },
  email: 'bo.hansen@example.com',
} as const;

export const GUIDE_SHOTS: GuideShot[] = [
  {
    name: 'connect-watch',
    // Only the household's owner may connect a watch; her member sees no Connect button.
    user: 'family.owner',
    path: () => '/devices',
    async prepare(page, _world, language) {
      await page.getByTestId('connect-device-open').click();
      const dialog = page.getByTestId('connect-device-dialog');
      await dialog.getByTestId('crud-field-imei').fill(TYPED.imei);
      await dialog.getByTestId('crud-field-activationCode').fill(TYPED.activationCode);
      await dialog.getByTestId('crud-field-name').fill(TYPED.watchName[language]);
    },
    parts: ['[data-testid="connect-device-dialog"] .MuiDialog-paper'],
    hide: ['.MuiBackdrop-root'],
    async cleanUp(page) {
      await page.getByTestId('connect-device-cancel').click();
      await page.getByTestId('connect-device-dialog').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'draw-geofence',
    user: 'kommune.admin',
    viewport: { width: 1000, height: 860 },
    path: () => '/geofence',
    async prepare(page, _world, language) {
      await page.getByRole('grid').getByText('Frederiksbjerg', { exact: true }).waitFor();
      await page.getByTestId('crud-create').click();
      await page.getByTestId('crud-field-name').fill(language === 'da' ? 'Hjemme' : 'Home');
      const map = page.locator(loadedMap('geofence-draw-map'));
      await map.waitFor();
      const box = (await map.boundingBox())!;
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await page.getByTestId('geofence-draw-circle').click();
      await page.mouse.click(centre.x, centre.y);
      await page.mouse.move(centre.x + 50, centre.y, { steps: 4 });
      await page.mouse.move(centre.x + 90, centre.y, { steps: 4 });
      await page.mouse.click(centre.x + 90, centre.y);
      await page.locator('[data-testid="geofence-drawn"][data-kind="circle"]').waitFor();
      await page.mouse.move(box.x + 4, box.y + 4);
    },
    parts: ['[data-testid="crud-form-dialog"] .MuiDialog-paper'],
    // Without the dimmed backdrop, the margin around the dialog is the page, not a dark frame.
    hide: ['.MuiBackdrop-root'],
    async cleanUp(page) {
      await page.getByTestId('crud-form-cancel').click();
      await page.getByTestId('crud-form-dialog').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'citizen-geofence',
    // The caregiver may not change a citizen's geofences; the administrator sees them as a family does.
    user: 'kommune.admin',
    path: (world) => `/citizens/${world.citizenId}`,
    async prepare(page) {
      await waitForMarkersAndFences(page, 'citizen-map');
      await page.getByTestId('citizen-geofences').locator('input[type="checkbox"]').first().waitFor();
    },
    parts: ['[data-testid="citizen-map-section"]', '[data-testid="citizen-geofences"]'],
    hide: ['[data-testid="citizen-devices"]', '[data-testid="citizen-settings"]'],
  },
  {
    name: 'dashboard-alarms',
    user: 'caregiver',
    path: () => '/dashboard',
    waitForRealtime: true,
    async prepare(page, world) {
      await page.getByTestId('devices-grid').locator('[role="row"][data-id]').first().waitFor();
      await world.pressSos();
      await page.getByTestId('alarm-banner').getByRole('alert').first().waitFor();
      await page.getByTestId('alarm-list').getByText('SOS').first().waitFor();
    },
  },
  {
    name: 'devices-battery',
    user: 'caregiver',
    path: () => '/devices',
    async prepare(page) {
      await page.getByRole('grid').locator('[role="row"][data-id]').nth(2).waitFor();
    },
  },
  {
    name: 'app-settings',
    user: 'kommune.admin',
    path: (world) => `/citizens/${world.citizenId}`,
    async prepare(page) {
      await page.getByTestId('citizen-settings').locator('input').first().waitFor();
    },
    parts: ['[data-testid="citizen-settings"]'],
  },
  {
    name: 'invite-family',
    // The guide shows the whole Users screen: the members behind the dialog say where it is.
    user: 'family.owner',
    path: () => '/users',
    async prepare(page) {
      await page.getByTestId('household-members').getByText('Per Hansen', { exact: true }).waitFor();
      await page.getByTestId('invite-member').click();
      await page.getByTestId('invite-member-email').fill(TYPED.email);
    },
    async cleanUp(page) {
      // Escape is the dialog's own cancel (it empties the form), in either language.
      await page.keyboard.press('Escape');
      await page.getByTestId('invite-member-form').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'account',
    user: 'pnp.user',
    path: () => '/account',
    async prepare(page) {
      await page.getByTestId('screen-title').waitFor();
    },
  },
];
