import { Button, Checkbox, Popover } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconSettings } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { visibleKeys, withColumnMoved, withColumnShown, type ColumnChoice } from './columnPreferences.ts';

interface ColumnSettingsProps {
  /** Every column's title by key: the pinned ones are listed as always shown. */
  titles: ReadonlyMap<string, string>;
  pinned: readonly string[];
  choice: ColumnChoice;
  onChange(next: ColumnChoice | null): void;
  testId: string;
}

/** 列设置: a checkbox per column and buttons to move it, for the columns that are not pinned. */
export function ColumnSettings({ titles, pinned, choice, onChange, testId }: ColumnSettingsProps) {
  const { t } = useTranslation();
  const shown = new Set(visibleKeys(choice));
  const content = (
    <div className="column-settings" data-testid={`${testId}-column-list`}>
      {pinned.map((key) => (
        <div key={key} className="column-settings-row">
          <Checkbox checked disabled>
            {titles.get(key)}
          </Checkbox>
        </div>
      ))}
      {choice.order.map((key, index) => (
        <div key={key} className="column-settings-row" data-testid={`${testId}-column-${key}`}>
          <Checkbox checked={shown.has(key)} onChange={(checked: boolean) => onChange(withColumnShown(choice, key, checked))}>
            {titles.get(key)}
          </Checkbox>
          <span className="column-settings-moves">
            <Button
              size="mini"
              type="text"
              icon={<IconArrowUp />}
              disabled={index === 0}
              aria-label={t('common:moveColumnUp', { name: titles.get(key) })}
              onClick={() => onChange(withColumnMoved(choice, key, -1))}
            />
            <Button
              size="mini"
              type="text"
              icon={<IconArrowDown />}
              disabled={index === choice.order.length - 1}
              aria-label={t('common:moveColumnDown', { name: titles.get(key) })}
              onClick={() => onChange(withColumnMoved(choice, key, 1))}
            />
          </span>
        </div>
      ))}
      <Button size="mini" type="text" className="column-settings-reset" onClick={() => onChange(null)}>
        {t('common:resetColumns')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" position="br" title={t('common:columnSettings')} content={content}>
      <Button size="small" icon={<IconSettings />} data-testid={`${testId}-column-settings`}>
        {t('common:columnSettings')}
      </Button>
    </Popover>
  );
}
