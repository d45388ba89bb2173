/*
 * The navigation icons of signed-in screens (and of the logout entry), one chunk loaded when a
 * signed-in navigation first shows them (nav-icon.tsx), or with the sign-in client for a user signed
 * in at start; an anonymous visitor's navigation needs none of them.
 */
export { default as AccountCircleIcon } from '@mui/icons-material/AccountCircle';
export { default as AccountTreeIcon } from '@mui/icons-material/AccountTree';
export { default as AdminPanelSettingsIcon } from '@mui/icons-material/AdminPanelSettings';
export { default as ApartmentIcon } from '@mui/icons-material/Apartment';
export { default as AssessmentIcon } from '@mui/icons-material/Assessment';
export { default as BuildIcon } from '@mui/icons-material/Build';
export { default as BusinessIcon } from '@mui/icons-material/Business';
export { default as ContactPhoneIcon } from '@mui/icons-material/ContactPhone';
export { default as CreditCardIcon } from '@mui/icons-material/CreditCard';
export { default as DashboardIcon } from '@mui/icons-material/Dashboard';
export { default as ElderlyIcon } from '@mui/icons-material/Elderly';
export { default as ExtensionIcon } from '@mui/icons-material/Extension';
export { default as FenceIcon } from '@mui/icons-material/Fence';
export { default as GroupIcon } from '@mui/icons-material/Group';
export { default as HistoryIcon } from '@mui/icons-material/History';
export { default as LabelIcon } from '@mui/icons-material/Label';
export { default as LanguageIcon } from '@mui/icons-material/Language';
export { default as LogoutIcon } from '@mui/icons-material/Logout';
export { default as ManageAccountsIcon } from '@mui/icons-material/ManageAccounts';
export { default as MapIcon } from '@mui/icons-material/Map';
export { default as MenuBookIcon } from '@mui/icons-material/MenuBook';
export { default as MessageIcon } from '@mui/icons-material/Message';
export { default as NotificationImportantIcon } from '@mui/icons-material/NotificationImportant';
export { default as NotificationsActiveIcon } from '@mui/icons-material/NotificationsActive';
export { default as ReceiptLongIcon } from '@mui/icons-material/ReceiptLong';
export { default as SecurityIcon } from '@mui/icons-material/Security';
export { default as SettingsIcon } from '@mui/icons-material/Settings';
export { default as SimCardIcon } from '@mui/icons-material/SimCard';
export { default as TerminalIcon } from '@mui/icons-material/Terminal';
export { default as TranslateIcon } from '@mui/icons-material/Translate';
export { default as WatchIcon } from '@mui/icons-material/Watch';
export { default as WifiIcon } from '@mui/icons-material/Wifi';
