import { blockText, type Guide } from './guide-types';

/** Lower case, without the accents readers often leave out (é → e); å (a ring, U+030A), æ and ø stay. */
function normalise(text: string): string {
  return text
    .toLocaleLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u0309]/g, '')
    .normalize('NFC');
}

/** The searchable words of a guide: its title, summary and every block's text. */
export function guideText(guide: Guide): string {
  return [guide.title, guide.summary, ...guide.blocks.map(blockText)].join(' ');
}

/**
 * The guides whose title or text holds every word of `query` (in any order, any case); all of them
 * for an empty query. Guides whose title matches come first, otherwise the order is kept.
 */
export function searchGuides(guides: readonly Guide[], query: string): Guide[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...guides];
  const matches = guides.filter((guide) => {
    const text = normalise(guideText(guide));
    return words.every((word) => text.includes(word));
  });
  const inTitle = (guide: Guide) => words.every((word) => normalise(guide.title).includes(word));
  return [...matches.filter(inTitle), ...matches.filter((guide) => !inTitle(guide))];
}
