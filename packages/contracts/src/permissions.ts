/**
 * The permission catalogue: a named tree covering every screen and action of the product.
 * A child is granted only together with its parent (granting `Homeward.Devices.Create` without
 * `Homeward.Devices` has no effect). Host-only permissions are never granted to tenant users.
 */
export interface PermissionNode {
  name: string;
  /** Translation key of the display name, in the `permissions` namespace. */
  displayKey: string;
  /** Only users of the host (null tenant) may hold it. */
  hostOnly?: boolean;
  children?: PermissionNode[];
}

function group(
  area: string,
  actions: string[] = ['Create', 'Edit', 'Delete'],
  hostOnly = false,
): PermissionNode {
  const name = `Homeward.${area}`;
  return {
    name,
    displayKey: `permissions:${area}`,
    ...(hostOnly ? { hostOnly } : {}),
    children: actions.map((action) => ({
      name: `${name}.${action}`,
      displayKey: `permissions:${area}.${action}`,
      ...(hostOnly ? { hostOnly } : {}),
    })),
  };
}

export const PERMISSION_TREE: PermissionNode[] = [
  group('Dashboard', []),
  group('Citizens', ['Create', 'Edit', 'Delete', 'ManageDevices', 'ManageGeofences', 'ManageAlarmReceivers']),
  group('Devices', [
    'Create',
    'Edit',
    'Delete',
    'BatchCreate',
    'SendCommand',
    'RequestPosition',
    'ActivationCodes',
  ]),
  group('DeviceAdministration', ['Edit', 'Exchange', 'Stop']),
  group('Alarms', ['Acknowledge', 'Handle']),
  group('Geofences'),
  group('WifiNetworks'),
  group('SimCards', ['Create', 'Edit', 'Deactivate', 'BatchUpload']),
  group('Customers', ['Create', 'Edit', 'Delete', 'ManagePrices']),
  group('ContactPeople'),
  group('Organizations', ['Create', 'Edit', 'Delete', 'Move']),
  group('Accessories'),
  group('Invoices', ['Export', 'Create', 'Edit', 'Send', 'MarkPaid']),
  group('Billing', ['ManageSubscription', 'ManageCards']),
  group('Messages', ['Create']),
  group('AlarmTexts'),
  group('CommandTemplates'),
  group('Tenants', ['Create', 'Edit', 'Delete', 'ManageFeatures', 'Filter'], true),
  group('Users', ['Create', 'Edit', 'Delete', 'ManagePermissions', 'Lock']),
  // A household's own people (plug-and-play): every member sees them, its owner invites.
  group('HouseholdMembers', ['Invite']),
  group('Roles', ['Create', 'Edit', 'Delete', 'ManagePermissions']),
  group('ClaimTypes', ['Create', 'Edit', 'Delete'], true),
  group('OrganizationUnits', ['Create', 'Edit', 'Delete', 'ManageMembers', 'ManageRoles']),
  group('SecurityLogs', []),
  group('AuditLogs', []),
  {
    ...group('Settings', ['Edit']),
    // One child per tab of settings management, each with its own Edit; the mail server is the host's.
    children: [
      ...group('Settings', ['Edit']).children!,
      ...['Identity', 'Account', 'TwoFactor', 'Captcha', 'Emailing'].map((tab) =>
        group(`Settings.${tab}`, ['Edit'], tab === 'Emailing'),
      ),
    ],
  },
  group('Languages', ['Create', 'Edit', 'Delete', 'ChangeTexts'], true),
  group('Reports', []),
];

/** Every permission name, parents before children. */
export const ALL_PERMISSIONS: string[] = PERMISSION_TREE.flatMap(function names(node): string[] {
  return [node.name, ...(node.children ?? []).flatMap(names)];
});

const parentOf = new Map<string, string>();
const hostOnly = new Set<string>();
for (const root of PERMISSION_TREE) {
  (function walk(node: PermissionNode, parent?: string) {
    if (parent) parentOf.set(node.name, parent);
    if (node.hostOnly) hostOnly.add(node.name);
    node.children?.forEach((child) => walk(child, node.name));
  })(root);
}

export function isKnownPermission(name: string): boolean {
  return ALL_PERMISSIONS.includes(name);
}

export function isHostOnlyPermission(name: string): boolean {
  return hostOnly.has(name);
}

/**
 * The effective grants from a raw set: a permission counts only when every ancestor is granted too,
 * and host-only permissions count only for host users.
 */
export function effectivePermissions(granted: Iterable<string>, isHostUser: boolean): Set<string> {
  const raw = new Set(granted);
  const out = new Set<string>();
  for (const name of ALL_PERMISSIONS) {
    if (!raw.has(name)) continue;
    if (!isHostUser && hostOnly.has(name)) continue;
    let parent = parentOf.get(name);
    let ok = true;
    while (parent) {
      if (!raw.has(parent)) ok = false;
      parent = parentOf.get(parent);
    }
    if (ok) out.add(name);
  }
  return out;
}
