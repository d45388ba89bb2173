import Button from '@mui/material/Button';
import LanguageIcon from '@mui/icons-material/Language';
import { useTranslation } from 'react-i18next';
import { SELECTABLE_LANGUAGES, type LanguageInfo } from '@homeward/contracts';
import { useAppState } from '../state/app-store';
import { LazyLanguageMenu, preloadTopBarMenus, useMenuAnchor } from './lazy-top-bar-menus';

interface SwitcherOption {
  cultureName: string;
  label: string;
}

/**
 * The enabled languages of the configuration (language management), named by their display name.
 * Before a configuration lists any, the shipped complete languages are offered.
 */
export function switcherOptions(
  languages: readonly LanguageInfo[],
  nameOf: (cultureName: string) => string,
): SwitcherOption[] {
  if (languages.length === 0) {
    return SELECTABLE_LANGUAGES.map((lng) => ({ cultureName: lng, label: nameOf(lng) }));
  }
  return languages
    .filter((language) => language.isEnabled)
    .map((language) => ({ cultureName: language.cultureName, label: language.displayName }));
}

/** Switches the UI language; i18next's detector caches the choice under local storage `language`. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const language = useAppState((state) => state.language);
  const languages = useAppState((state) => state.languages);
  const menu = useMenuAnchor();
  const options = switcherOptions(languages, (lng) => t(`languages.${lng}`));

  return (
    <>
      <Button
        data-testid="language-switcher"
        color="inherit"
        startIcon={<LanguageIcon />}
        // The name starts with the visible code, so "EN" and "Change language" both find it.
        aria-label={t('shell.changeLanguage', { code: language.toUpperCase() })}
        aria-haspopup="menu"
        onPointerEnter={preloadTopBarMenus}
        onFocus={preloadTopBarMenus}
        onClick={(event) => menu.open(event.currentTarget)}
      >
        {language.toUpperCase()}
      </Button>
      {menu.everOpened && (
        <LazyLanguageMenu
          anchorEl={menu.anchor}
          onClose={menu.close}
          options={options}
          current={language}
          onChoose={(cultureName) => {
            menu.close();
            void i18n.changeLanguage(cultureName);
          }}
        />
      )}
    </>
  );
}
