import { describe, expect, it } from 'vitest';
import { guides as danish } from './content/guides.da';
import { guides as english } from './content/guides.en';
import { GUIDE_SLUGS } from './guide-types';
import { searchGuides } from './search-guides';

const slugs = (found: { slug: string }[]) => found.map((guide) => guide.slug);

describe('searchGuides', () => {
  it('returns every guide, in order, for an empty or blank query', () => {
    expect(slugs(searchGuides(english, ''))).toEqual([...GUIDE_SLUGS]);
    expect(slugs(searchGuides(english, '   '))).toEqual([...GUIDE_SLUGS]);
  });

  it('finds words in titles and in the text, in any case, title matches first', () => {
    const found = slugs(searchGuides(english, 'GEOFENCE'));
    expect(found[0]).toBe('draw-a-geofence');
    // The alarms guide explains "Outside geofence" in its text only.
    expect(found).toContain('alarms');
    expect(slugs(searchGuides(english, 'activation code'))).toEqual(['connect-a-watch']);
  });

  it('needs every word of the query, in any order', () => {
    expect(slugs(searchGuides(english, 'code activation'))).toEqual(['connect-a-watch']);
    expect(searchGuides(english, 'activation xyzzy')).toEqual([]);
  });

  it('searches the Danish texts in Danish, with æ, ø and å', () => {
    expect(slugs(searchGuides(danish, 'oplad'))[0]).toBe('charging-and-wearing');
    expect(slugs(searchGuides(danish, 'fødselsdag'))).toEqual([]);
    expect(slugs(searchGuides(danish, 'æsken'))).toEqual(['connect-a-watch']);
    expect(slugs(searchGuides(danish, 'slet konto'))).toContain('privacy');
  });

  it('ignores accents a reader leaves out', () => {
    const withAccent = [{ ...english[0]!, title: 'Café watch' }];
    expect(searchGuides(withAccent, 'cafe')).toHaveLength(1);
  });
});

describe('the guides content', () => {
  it('has every guide in English and Danish, in the same order', () => {
    expect(slugs([...english])).toEqual([...GUIDE_SLUGS]);
    expect(slugs([...danish])).toEqual([...GUIDE_SLUGS]);
  });

  it('has the same screenshots in both languages, each with its own alt text', () => {
    const shots = (guides: typeof english) =>
      guides.flatMap((guide) =>
        guide.blocks.flatMap((block) => (block.kind === 'screenshot' ? [block] : [])),
      );
    const en = shots(english);
    const da = shots(danish);
    expect(da.map((shot) => shot.name)).toEqual(en.map((shot) => shot.name));
    for (const [index, shot] of en.entries()) {
      expect(shot.alt.length, shot.name).toBeGreaterThan(20);
      expect(da[index]!.alt, shot.name).not.toBe(shot.alt);
    }
  });

  it('starts every guide with text and has no TODO in it', () => {
    for (const guide of [...english, ...danish]) {
      expect(JSON.stringify(guide)).not.toMatch(/TODO|TBD|lorem/i);
      expect(guide.blocks[0]?.kind, guide.slug).not.toBe('screenshot');
    }
  });
});
