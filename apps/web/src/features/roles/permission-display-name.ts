import type { TFunction } from 'i18next';

/**
 * The display name of a permission from its `displayKey` (`permissions:Devices.Create`).
 *
 * permissions.json is a FLAT map whose keys contain dots ("Devices" and "Devices.Create" side by
 * side), because a nested file cannot give "Devices" both a text and children. The lookup therefore
 * turns the key separator off; the namespace separator still applies.
 */
export function permissionDisplayName(t: TFunction, displayKey: string): string {
  return t(displayKey, { keySeparator: false, defaultValue: displayKey.replace(/^permissions:/, '') });
}
