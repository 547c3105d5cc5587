import { Tabs } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { ChannelsPanel } from './ChannelsPanel.tsx';
import { RulesPanel } from './RulesPanel.tsx';
import './notifySettings.css';

/** 通知设置 (issue 17): the channels messages go to, and the rules that send alarms there. */
export function NotifySettingsPage() {
  const { t } = useTranslation(['notify', 'route']);
  return (
    <section className="notify-page" data-testid="notify-settings-page">
      <h2 className="notify-title">{t('route:notifySettings')}</h2>
      <Tabs defaultActiveTab="channels" destroyOnHide={false}>
        <Tabs.TabPane key="channels" title={<span data-testid="notify-tab-channels">{t('notify:channels')}</span>}>
          <ChannelsPanel />
        </Tabs.TabPane>
        <Tabs.TabPane key="rules" title={<span data-testid="notify-tab-rules">{t('notify:rules')}</span>}>
          <RulesPanel />
        </Tabs.TabPane>
      </Tabs>
    </section>
  );
}
