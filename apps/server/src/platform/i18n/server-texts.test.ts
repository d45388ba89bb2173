import { describe, expect, it } from 'vitest';
import { createServerTexts } from './server-texts';

describe('server texts', () => {
  it('translates namespaced keys, falls back to English, then to the key', async () => {
    const texts = createServerTexts();
    await texts.load(['da'], ['devices', 'translation']);
    expect(texts.translate('da', 'devices:imei')).toBe('IMEI');
    expect(texts.translate('en', 'devices:name')).toBe('Device name');
    expect(texts.translate('da', 'devices:name')).not.toBe('Device name');
    expect(texts.translate('da', 'errors.noData')).toBe('Ingen data tilgængelige');
    expect(texts.translate('da', 'devices:nope')).toBe('devices:nope');
    expect(texts.translate('en', 'devices:maxDevicesReached', { count: 3 })).toContain('3');
  });
});
