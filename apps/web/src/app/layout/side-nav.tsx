import { Fragment, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { preloadableLazy } from '../lazy/preloadable-lazy';
import { NAV_SECTIONS } from '../routing/routes';
import { appStore, useAppState } from '../state/app-store';
import { LazyNavSectionHeading, LazyNavSupportDivider } from './lazy-signed-in-shell';
import { NavItem, useNavEntries } from './side-nav-entries';
import { SIDE_NAV_WIDTH } from './side-nav-width';

export { SIDE_NAV_WIDTH };

const sideNavDrawer = preloadableLazy(() =>
  import('./side-nav-drawer').then((module) => module.SideNavDrawer),
);
const LazySideNavDrawer = sideNavDrawer.Component;

/** Fetches the phone navigation's drawer when the user reaches for the menu button. */
export function preloadSideNavDrawer(): void {
  void sideNavDrawer.preload().catch(() => undefined);
}

/**
 * The docked navigation from the md breakpoint up: what MUI's permanent Drawer renders (a fixed,
 * square, flat Paper with a divider on its right, in a flex item holding its place), with the same
 * class names, without importing Drawer, which brings Modal and its transitions for the temporary
 * variant only.
 */
function DockedNav({ children }: { children: ReactNode }) {
  return (
    <Box
      className="MuiDrawer-root MuiDrawer-anchorLeft MuiDrawer-docked"
      sx={{ flex: '0 0 auto', width: SIDE_NAV_WIDTH, flexShrink: 0 }}
    >
      <Paper
        elevation={0}
        square
        className="MuiDrawer-paper"
        sx={(theme) => ({
          overflowY: 'auto',
          display: 'flex',
          flexDirection: 'column',
          height: '100%',
          flex: '1 0 auto',
          zIndex: theme.zIndex.drawer,
          WebkitOverflowScrolling: 'touch',
          position: 'fixed',
          top: 0,
          outline: 0,
          left: 0,
          borderRight: `1px solid ${theme.palette.divider}`,
          width: SIDE_NAV_WIDTH,
          boxSizing: 'border-box',
        })}
      >
        {children}
      </Paper>
    </Box>
  );
}

/**
 * Docked from the md breakpoint up; below it a temporary drawer opened by the menu button, mounted
 * (with its chunk) on the first opening and kept mounted after.
 */
export function SideNav() {
  const { t } = useTranslation();
  const theme = useTheme();
  const permanent = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const menuOpen = useAppState((state) => state.menuOpen);
  const [drawerMounted, setDrawerMounted] = useState(false);
  if (!permanent && menuOpen && !drawerMounted) setDrawerMounted(true);
  const { pathname } = useLocation();
  const sections = useNavEntries();
  const close = () => appStore.setState({ menuOpen: false });

  const content = (
    <>
      <Toolbar />
      <Box
        component="nav"
        aria-label={t('nav.label')}
        data-testid="side-nav"
        sx={{ overflowY: 'auto', pb: 2 }}
      >
        {/* A section whose every entry is hidden (anonymous visitor, missing permissions) is left out. */}
        {/* Every entry is a list item: a list holds only <li>s (its subheader is one too). */}
        {NAV_SECTIONS.filter((section) => sections[section].length > 0).map((section, index) => (
          <Fragment key={section}>
            {/* Headings and the line come with the signed-in shell: only signed-in users have sections. */}
            {section === 'support' && index > 0 && <LazyNavSupportDivider />}
            <List
              dense
              subheader={
                section === 'support' ? undefined : (
                  <LazyNavSectionHeading>{t(`nav.sections.${section}`)}</LazyNavSectionHeading>
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
    </>
  );

  if (permanent) return <DockedNav>{content}</DockedNav>;
  if (!drawerMounted) return null;
  return (
    <LazySideNavDrawer open={menuOpen} onClose={close}>
      {content}
    </LazySideNavDrawer>
  );
}
