import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconLanguage } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../i18n/i18n.ts';
import { LANGUAGES, isLanguage, languageNames } from '../i18n/languages.ts';

/** Navbar and login-page language menu; each language is listed under its own name. */
export function LanguageSwitch({ showName = false }: { showName?: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const droplist = (
    <Menu selectedKeys={[language]} onClickMenuItem={(key) => isLanguage(key) && setLanguage(key)}>
      {LANGUAGES.map((option) => (
        <Menu.Item key={option} data-testid={`language-option-${option}`}>
          {languageNames[option]}
        </Menu.Item>
      ))}
    </Menu>
  );
  return (
    <Dropdown droplist={droplist} position="br" trigger="click">
      <Button
        type="secondary"
        shape={showName ? 'round' : 'circle'}
        icon={<IconLanguage />}
        aria-label={t('layout:language')}
        title={t('layout:language')}
        data-testid="language-switch"
      >
        {showName ? languageNames[language] : null}
      </Button>
    </Dropdown>
  );
}
