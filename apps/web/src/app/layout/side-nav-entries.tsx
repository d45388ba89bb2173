import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { alpha, type Theme } from '@mui/material/styles';
import ForumIcon from '@mui/icons-material/Forum';
import HelpIcon from '@mui/icons-material/Help';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import { useTranslation } from 'react-i18next';
import { privacyPolicyUrlFor } from '../../features/legal/privacy-policy-url';
import { useGrantedPolicies } from '../auth/permissions';
import { useIsAuthenticated } from '../auth/use-is-authenticated';
import { useSignOut } from '../auth/use-sign-in-actions';
import { useAppConfiguration, useLoadedConfiguration } from '../configuration/get-app-configuration';
import { signedInNavIcon } from '../routing/nav-icon';
import {
  APP_ROUTES,
  NAV_SECTIONS,
  PLUG_AND_PLAY_NAV_ROUTES,
  isRouteFeatureOn,
  routePath,
  routePermission,
  type AppRoute,
  type NavSection,
} from '../routing/routes';
import { useFeatures } from '../routing/use-features';

// Only a signed-in user has the logout entry: its icon comes with the signed-in screens' icons.
const LogoutIcon = signedInNavIcon('LogoutIcon');

/** One entry of the side navigation. */
export interface NavEntry {
  key: string;
  label: string;
  icon: ReactNode;
  to?: string;
  href?: string;
  /** An entry that does something instead of going somewhere (sign out). */
  action?: () => void;
}

export function NavItem({
  entry,
  selected,
  onNavigate,
}: {
  entry: NavEntry;
  selected: boolean;
  onNavigate(): void;
}) {
  const common = {
    'data-testid': `nav-${entry.key}`,
    onClick: onNavigate,
    // A pink tint marks the current screen in both modes; the primary blue vanishes on dark paper.
    sx: {
      borderRadius: 2,
      mx: 1,
      '&.Mui-selected, &.Mui-selected:hover': {
        bgcolor: (theme: Theme) => alpha(theme.palette.secondary.main, 0.16),
      },
    },
  };
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: 40 }}>{entry.icon}</ListItemIcon>
      <ListItemText primary={entry.label} />
      {entry.href && <OpenInNewIcon fontSize="small" sx={{ opacity: 0.6 }} />}
    </>
  );
  if (entry.action) {
    const action = entry.action;
    return (
      <ListItemButton
        {...common}
        onClick={() => {
          onNavigate();
          action();
        }}
      >
        {content}
      </ListItemButton>
    );
  }
  if (entry.href) {
    return (
      <ListItemButton {...common} component="a" href={entry.href} target="_blank" rel="noopener noreferrer">
        {content}
      </ListItemButton>
    );
  }
  return (
    <ListItemButton {...common} component={RouterLink} to={entry.to ?? '/'} selected={selected}>
      {content}
    </ListItemButton>
  );
}

/**
 * Whether a route's entry is shown: protected screens only to a signed-in user holding their
 * permission whose tenant has the screen's feature on, the login entry only to an anonymous visitor, other public screens to everyone.
 */
function isEntryVisible(
  route: AppRoute,
  authenticated: boolean,
  granted: Record<string, boolean>,
  features: Record<string, string | number | boolean>,
  isPlugAndPlay: boolean,
): boolean {
  // The plug-and-play product has its own, short navigation (routes.ts PLUG_AND_PLAY_NAV_ROUTES).
  if (isPlugAndPlay && !PLUG_AND_PLAY_NAV_ROUTES.has(route.name)) return false;
  if (route.group === 'protected') {
    const permission = routePermission(route, isPlugAndPlay);
    return (
      authenticated &&
      (permission === undefined || granted[permission] === true) &&
      isRouteFeatureOn(route, features)
    );
  }
  if (route.nav?.signedInOnly) return authenticated;
  return route.name === 'login' ? !authenticated : true;
}

/** The entries of one section: routes first, then the support block's extra links. */
export function useNavEntries(): Record<NavSection, NavEntry[]> {
  const { t, i18n } = useTranslation();
  const { settings } = useAppConfiguration();
  const authenticated = useIsAuthenticated();
  const granted = useGrantedPolicies();
  const features = useFeatures();
  const configuration = useLoadedConfiguration();
  const isPlugAndPlay = authenticated && configuration?.isPlugAndPlay === true;
  const signOut = useSignOut();
  const sections = Object.fromEntries(NAV_SECTIONS.map((section) => [section, [] as NavEntry[]])) as Record<
    NavSection,
    NavEntry[]
  >;
  for (const route of APP_ROUTES) {
    if (!('nav' in route) || !isEntryVisible(route, authenticated, granted, features, isPlugAndPlay))
      continue;
    const nav = route.nav;
    const Icon = nav.icon;
    const labelKey = 'labelKey' in nav ? nav.labelKey : route.titleKey;
    // A household's people are in "general" with its screens, not under "administration".
    const section = isPlugAndPlay && nav.section === 'administration' ? 'general' : nav.section;
    sections[section].push({ key: route.name, label: t(labelKey), icon: <Icon />, to: route.path });
  }
  const support = sections.support;
  const afterDocs = support.findIndex((entry) => entry.key === 'guides') + 1;
  support.splice(
    afterDocs,
    0,
    ...(settings.forumUrl
      ? [{ key: 'forum', label: t('nav.forum'), icon: <ForumIcon />, href: settings.forumUrl }]
      : []),
    // Help opens the guides at their help block, which leads on to the contact page.
    { key: 'help', label: t('nav.help'), icon: <HelpIcon />, to: `${routePath('guides')}#help` },
    ...(authenticated
      ? [{ key: 'logout', label: t('auth:nav.logout'), icon: <LogoutIcon />, action: () => void signOut() }]
      : []),
    {
      key: 'privacy',
      label: t('nav.privacyPolicy'),
      icon: <PrivacyTipIcon />,
      href: privacyPolicyUrlFor(i18n.language, settings.privacyPolicyUrls),
    },
  );
  return sections;
}
