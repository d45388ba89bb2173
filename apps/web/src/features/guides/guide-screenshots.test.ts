import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guides as danish } from './content/guides.da';
import { guides as english } from './content/guides.en';
import { CAPTURED_SCREENSHOTS } from './guide-screenshots';
import { GUIDE_LANGUAGES, type Guide, type GuideScreenshotName } from './guide-types';

const publicDir = path.resolve(import.meta.dirname, '../../../public/guides');

/** Every screenshot the guides name, with the guide naming it (for the failure message). */
function referencedScreenshots(guides: readonly Guide[]): { guide: string; name: GuideScreenshotName }[] {
  return guides.flatMap((guide) =>
    guide.blocks.flatMap((block) =>
      block.kind === 'screenshot' ? [{ guide: guide.slug, name: block.name }] : [],
    ),
  );
}

describe('the screenshots the guides name', () => {
  const referenced = [...referencedScreenshots(english), ...referencedScreenshots(danish)];

  // A guide reads the English or the Danish picture by the reader's language: both must be there.
  it('are each captured, as a file in both the English and the Danish folder', () => {
    for (const { guide, name } of referenced) {
      expect(CAPTURED_SCREENSHOTS[name]?.languages, `${guide}: ${name} in the manifest`).toEqual(
        expect.arrayContaining([...GUIDE_LANGUAGES]),
      );
      for (const language of GUIDE_LANGUAGES) {
        const file = path.join(publicDir, language, `${name}.webp`);
        expect(existsSync(file), `${guide}: ${file}`).toBe(true);
      }
    }
  });
});
