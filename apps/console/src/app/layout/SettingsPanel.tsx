import type { ReactNode } from 'react';
import { Button, ColorPicker, Divider, Drawer, Radio, Switch } from '@arco-design/web-react';
import { IconCheck } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../../i18n/i18n.ts';
import { LANGUAGES, languageNames } from '../../i18n/languages.ts';
import { DEFAULT_SETTINGS, updateSettings, useSettings, type Settings } from '../settings/settings.ts';
import { primaryPalette } from '../settings/themePalette.ts';

/** Ready-made theme colours; the first is the spec default. */
const THEME_COLORS = ['#409EFF', '#165DFF', '#0FC6C2', '#00B42A', '#722ED1', '#D91AD9', '#F77234', '#F53F3F'];

function chooseColor(color: string): void {
  updateSettings({ themeColor: color, themePalette: primaryPalette(color) });
}

function SettingRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="app-settings-row">
      <span>{label}</span>
      {children}
    </div>
  );
}

type Flag = keyof Omit<Settings, 'themeColor' | 'themePalette'>;
const flags: { key: Flag; label: 'tagsView' | 'fixedHeader' | 'sidebarLogo'; testId: string }[] = [
  { key: 'tagsView', label: 'tagsView', testId: 'setting-tags-view' },
  { key: 'fixedHeader', label: 'fixedHeader', testId: 'setting-fixed-header' },
  { key: 'sidebarLogo', label: 'sidebarLogo', testId: 'setting-sidebar-logo' },
];

export function SettingsPanel({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const themeColor = settings.themeColor.toUpperCase();

  return (
    <Drawer width={320} title={t('layout:settings')} visible={visible} onCancel={onClose} footer={null} className="app-settings">
      <div data-testid="settings-panel">
        <h4 className="app-settings-heading">{t('layout:themeColor')}</h4>
        <div className="app-settings-swatches">
          {THEME_COLORS.map((color) => (
            <button
              key={color}
              type="button"
              className="app-settings-swatch"
              style={{ background: color }}
              onClick={() => chooseColor(color)}
              aria-label={color}
              aria-pressed={themeColor === color}
              data-testid={`theme-color-${color.slice(1)}`}
            >
              {themeColor === color && <IconCheck />}
            </button>
          ))}
        </div>
        <SettingRow label={t('layout:customColor')}>
          <ColorPicker
            value={settings.themeColor}
            onChange={(value) => typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) && chooseColor(value)}
            size="small"
            showText
            disabledAlpha
          />
        </SettingRow>

        <Divider />
        <h4 className="app-settings-heading">{t('layout:interface')}</h4>
        {flags.map(({ key, label, testId }) => (
          <SettingRow key={key} label={t(`layout:${label}`)}>
            <Switch
              size="small"
              checked={settings[key]}
              onChange={(checked) => updateSettings({ [key]: checked })}
              aria-label={t(`layout:${label}`)}
              data-testid={testId}
            />
          </SettingRow>
        ))}

        <Divider />
        <h4 className="app-settings-heading">{t('layout:language')}</h4>
        <Radio.Group
          className="app-settings-languages"
          value={currentLanguage()}
          onChange={(value: (typeof LANGUAGES)[number]) => setLanguage(value)}
          data-testid="setting-language"
        >
          {LANGUAGES.map((language) => (
            <Radio key={language} value={language} data-testid={`setting-language-${language}`}>
              {languageNames[language]}
            </Radio>
          ))}
        </Radio.Group>

        <Divider />
        <Button long onClick={() => updateSettings(DEFAULT_SETTINGS)} data-testid="settings-reset">
          {t('layout:resetSettings')}
        </Button>
        <p className="app-settings-hint">{t('layout:settingsHint')}</p>
      </div>
    </Drawer>
  );
}
