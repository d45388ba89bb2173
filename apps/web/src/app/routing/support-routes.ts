import ContactMailIcon from '@mui/icons-material/ContactMail';
import GavelIcon from '@mui/icons-material/Gavel';
import InfoIcon from '@mui/icons-material/Info';
import { signedInNavIcon } from './nav-icon';
import type { AppRoute } from './route-types';

/** The public support block at the bottom of the navigation: guides and the legal pages. */
export const SUPPORT_ROUTES = [
  // Public, unlike the spec's protected group: a buyer reads "Connect a watch" before having an
  // account, and a user who cannot sign in needs help most (README "Guides"). An anonymous visitor
  // reaches them through "Help"; "Docs" (its icon not on the home route) is for signed-in users.
  {
    name: 'guides',
    path: '/guides',
    titleKey: 'routes.guides',
    group: 'public',
    nav: {
      section: 'support',
      icon: signedInNavIcon('MenuBookIcon'),
      labelKey: 'nav.docs',
      signedInOnly: true,
    },
  },
  { name: 'guide', path: '/guides/:slug', titleKey: 'routes.guides', group: 'public' },
  {
    name: 'imprint',
    path: '/imprint',
    titleKey: 'routes.imprint',
    group: 'public',
    nav: { section: 'support', icon: InfoIcon },
  },
  {
    name: 'contact',
    path: '/contact',
    titleKey: 'routes.contact',
    group: 'public',
    nav: { section: 'support', icon: ContactMailIcon },
  },
  {
    name: 'terms',
    path: '/terms',
    titleKey: 'routes.terms',
    group: 'public',
    nav: { section: 'support', icon: GavelIcon },
  },
] as const satisfies readonly AppRoute[];
