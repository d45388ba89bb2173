// Written by `npm run guides:screenshots` (tools/src/guides/capture-guide-screenshots.ts); do not edit.
import type { GuideLanguage, GuideScreenshotName } from './guide-types';

/** A captured screenshot: its size in pixels and the languages it was taken in. */
export interface CapturedScreenshot {
  width: number;
  height: number;
  languages: readonly GuideLanguage[];
}

/** The screenshots under `apps/web/public/guides/<lng>/<name>.webp`; a guide shows only these. */
export const CAPTURED_SCREENSHOTS: Partial<Record<GuideScreenshotName, CapturedScreenshot>> = {
  'connect-watch': { width: 616, height: 505, languages: ['en', 'da'] },
  'draw-geofence': { width: 616, height: 760, languages: ['en', 'da'] },
  'citizen-geofence': { width: 688, height: 734, languages: ['en', 'da'] },
  'dashboard-alarms': { width: 1000, height: 680, languages: ['en', 'da'] },
  'devices-battery': { width: 1000, height: 680, languages: ['en', 'da'] },
  'app-settings': { width: 688, height: 388, languages: ['en', 'da'] },
  'invite-family': { width: 1000, height: 680, languages: ['en', 'da'] },
  account: { width: 1000, height: 680, languages: ['en', 'da'] },
};
