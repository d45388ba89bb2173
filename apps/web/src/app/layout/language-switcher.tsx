import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import LanguageIcon from '@mui/icons-material/Language';
import { useTranslation } from 'react-i18next';
import { SELECTABLE_LANGUAGES } from '@homeward/contracts';
import { useAppState } from '../state/app-store';

/** Switches the UI language; i18next's detector caches the choice under local storage `language`. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const language = useAppState((state) => state.language);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <>
      <Button
        data-testid="language-switcher"
        color="inherit"
        startIcon={<LanguageIcon />}
        aria-label={t('shell.changeLanguage')}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {language.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {SELECTABLE_LANGUAGES.map((lng) => (
          <MenuItem
            key={lng}
            data-testid={`language-option-${lng}`}
            lang={lng}
            selected={lng === language}
            onClick={() => {
              setAnchor(null);
              void i18n.changeLanguage(lng);
            }}
          >
            {t(`languages.${lng}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
