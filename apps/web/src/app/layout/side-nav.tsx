import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import ForumIcon from '@mui/icons-material/Forum';
import HelpIcon from '@mui/icons-material/Help';
import LogoutIcon from '@mui/icons-material/Logout';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import { useTranslation } from 'react-i18next';
import { privacyPolicyUrlFor } from '../../features/legal/privacy-policy-url';
import { useGrantedPolicies } from '../auth/permissions';
import { useIsAuthenticated } from '../auth/use-is-authenticated';
import { useSignOut } from '../auth/use-sign-in-actions';
import { useAppConfiguration } from '../configuration/get-app-configuration';
import { appStore, useAppState } from '../state/app-store';
import {
  APP_ROUTES,
  NAV_SECTIONS,
  isRouteFeatureOn,
  routePath,
  type AppRoute,
  type NavSection,
} from '../routing/routes';
import { useFeatures } from '../routing/use-features';

export const SIDE_NAV_WIDTH = 280;

interface NavEntry {
  key: string;
  label: string;
  icon: ReactNode;
  to?: string;
  href?: string;
  /** An entry that does something instead of going somewhere (sign out). */
  action?: () => void;
}

function NavItem({
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
): boolean {
  if (route.group === 'protected') {
    return (
      authenticated &&
      (route.permission === undefined || granted[route.permission] === true) &&
      isRouteFeatureOn(route, features)
    );
  }
  return route.name === 'login' ? !authenticated : true;
}

/** The entries of one section: routes first, then the support block's extra links. */
function useNavEntries(): Record<NavSection, NavEntry[]> {
  const { t, i18n } = useTranslation();
  const { settings } = useAppConfiguration();
  const authenticated = useIsAuthenticated();
  const granted = useGrantedPolicies();
  const features = useFeatures();
  const signOut = useSignOut();
  const sections = Object.fromEntries(NAV_SECTIONS.map((section) => [section, [] as NavEntry[]])) as Record<
    NavSection,
    NavEntry[]
  >;
  for (const route of APP_ROUTES) {
    if (!('nav' in route) || !isEntryVisible(route, authenticated, granted, features)) continue;
    const nav = route.nav;
    const Icon = nav.icon;
    const labelKey = 'labelKey' in nav ? nav.labelKey : route.titleKey;
    sections[nav.section].push({ key: route.name, label: t(labelKey), icon: <Icon />, to: route.path });
  }
  const support = sections.support;
  const afterDocs = support.findIndex((entry) => entry.key === 'guides') + 1;
  support.splice(
    afterDocs,
    0,
    ...(settings.forumUrl
      ? [{ key: 'forum', label: t('nav.forum'), icon: <ForumIcon />, href: settings.forumUrl }]
      : []),
    { key: 'help', label: t('nav.help'), icon: <HelpIcon />, to: routePath('contact') },
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

/** Permanent drawer from the md breakpoint up; a temporary one opened by the menu button below it. */
export function SideNav() {
  const { t } = useTranslation();
  const theme = useTheme();
  const permanent = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const menuOpen = useAppState((state) => state.menuOpen);
  const { pathname } = useLocation();
  const sections = useNavEntries();
  const close = () => appStore.setState({ menuOpen: false });

  const content = (
    <Box component="nav" aria-label={t('nav.label')} data-testid="side-nav" sx={{ overflowY: 'auto', pb: 2 }}>
      {/* A section whose every entry is hidden (anonymous visitor, missing permissions) is left out. */}
      {/* Every entry is a list item: a list holds only <li>s (its subheader is one too). */}
      {NAV_SECTIONS.filter((section) => sections[section].length > 0).map((section, index) => (
        <Fragment key={section}>
          {section === 'support' && index > 0 && <Divider sx={{ my: 1 }} />}
          <List
            dense
            subheader={
              section === 'support' ? undefined : (
                <ListSubheader disableSticky sx={{ bgcolor: 'transparent', lineHeight: '36px' }}>
                  {t(`nav.sections.${section}`)}
                </ListSubheader>
              )
            }
          >
            {sections[section].map((entry) => (
              <ListItem key={entry.key} disablePadding>
                <NavItem entry={entry} selected={entry.to === pathname} onNavigate={close} />
              </ListItem>
            ))}
          </List>
        </Fragment>
      ))}
    </Box>
  );

  return (
    <Drawer
      variant={permanent ? 'permanent' : 'temporary'}
      open={permanent || menuOpen}
      onClose={close}
      ModalProps={{ keepMounted: true }}
      sx={{
        width: { md: SIDE_NAV_WIDTH },
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: SIDE_NAV_WIDTH, boxSizing: 'border-box' },
      }}
    >
      <Toolbar />
      {content}
    </Drawer>
  );
}
