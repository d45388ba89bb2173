import { describe, expect, it } from 'vitest';
import {
  FEATURES,
  defaultFeatureValues,
  findFeature,
  parseFeatureValue,
  zUpdateTenantFeaturesRequest,
} from './features';

describe('feature catalogue', () => {
  it('has unique names, and every default passes its own rule', () => {
    expect(new Set(FEATURES.map((feature) => feature.name)).size).toBe(FEATURES.length);
    for (const feature of FEATURES) {
      expect(parseFeatureValue(feature, String(feature.default)), feature.name).toBe(feature.default);
    }
    expect(defaultFeatureValues()).toMatchObject({
      'Homeward.NationalLogin': false,
      'Homeward.TwoFactor': 'optional',
      'Homeward.MaxDevices': 1000,
      'Homeward.Screens.CommandTemplates': true,
    });
  });

  it('parses stored text by type and falls back to the default for values that no longer fit', () => {
    const maxDevices = findFeature('Homeward.MaxDevices')!;
    expect(parseFeatureValue(maxDevices, '0')).toBe(0);
    expect(parseFeatureValue(maxDevices, '-3')).toBe(1000);
    expect(parseFeatureValue(maxDevices, 'many')).toBe(1000);
    const twoFactor = findFeature('Homeward.TwoFactor')!;
    expect(parseFeatureValue(twoFactor, 'forced')).toBe('forced');
    expect(parseFeatureValue(twoFactor, 'sometimes')).toBe('optional');
    expect(parseFeatureValue(findFeature('Homeward.NationalLogin')!, 'true')).toBe(true);
  });

  it('checks an update by each feature type and names unknown features', () => {
    expect(zUpdateTenantFeaturesRequest.safeParse({ 'Homeward.MaxDevices': 5 }).success).toBe(true);
    const result = zUpdateTenantFeaturesRequest.safeParse({
      'Homeward.MaxDevices': 2.5,
      'Homeward.Screens.Wifi': 'yes',
      'Homeward.Unknown': true,
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'Homeward.MaxDevices',
      'Homeward.Screens.Wifi',
      'Homeward.Unknown',
    ]);
  });
});
