/**
 * The guides (`/guides`): how-to pages for private owners and caregivers. Their texts live in one
 * module per language (`content/guides.<lng>.ts`), each a chunk of its own that only the guides
 * screens load, so the home route carries none of it.
 */

/** Every guide, in the order the index lists them; the slug is its address, `/guides/<slug>`. */
export const GUIDE_SLUGS = [
  'connect-a-watch',
  'draw-a-geofence',
  'alarms',
  'charging-and-wearing',
  'inviting-family',
  'privacy',
] as const;
export type GuideSlug = (typeof GUIDE_SLUGS)[number];

/**
 * Screenshots the guides show, by name: `apps/web/public/guides/<lng>/<name>.webp`, captured from
 * the product by `npm run guides:screenshots`. A guide names only captured ones, in both languages
 * (guide-screenshots.test.ts); should one be missing (its shot failed) or fail to load, the page
 * shows the text alone.
 */
export type GuideScreenshotName =
  | 'connect-watch'
  | 'citizen-geofence'
  | 'draw-geofence'
  | 'dashboard-alarms'
  | 'devices-battery'
  | 'app-settings'
  | 'invite-family'
  | 'account';

/** One part of a guide's body. */
export type GuideBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** Numbered steps, done in order. */
  | { kind: 'steps'; items: readonly string[] }
  | { kind: 'list'; items: readonly string[] }
  /** Each term with what it means (alarm kinds, what is stored). */
  | { kind: 'terms'; items: readonly { term: string; text: string }[] }
  | { kind: 'tip'; text: string }
  | { kind: 'warning'; text: string }
  /** `alt` is in the guide's language, like the picture itself. */
  | { kind: 'screenshot'; name: GuideScreenshotName; alt: string; caption?: string };

export interface Guide {
  slug: GuideSlug;
  title: string;
  /** One or two sentences for the index. */
  summary: string;
  blocks: readonly GuideBlock[];
}

/** The languages the guides are written in; any other reads the English ones. */
export const GUIDE_LANGUAGES = ['en', 'da'] as const;
export type GuideLanguage = (typeof GUIDE_LANGUAGES)[number];

export function guideLanguageFor(language: string): GuideLanguage {
  const base = language.split('-')[0] ?? '';
  return (GUIDE_LANGUAGES as readonly string[]).includes(base) ? (base as GuideLanguage) : 'en';
}

/** All the words of a block a reader can search for. */
export function blockText(block: GuideBlock): string {
  switch (block.kind) {
    case 'steps':
    case 'list':
      return block.items.join(' ');
    case 'terms':
      return block.items.map((item) => `${item.term} ${item.text}`).join(' ');
    case 'screenshot':
      return '';
    default:
      return block.text;
  }
}
