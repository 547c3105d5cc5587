import { useState } from 'react';
import { Button } from '@arco-design/web-react';
import { IconSend } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { ChannelTestResult, NotifyChannel } from '@pest/shared';
import { testChannel } from '../../api/notify.ts';

interface ChannelTestButtonProps {
  channel: NotifyChannel;
  /** A test was sent (and logged in 通知记录), whatever the receiver said. */
  onSent(): void;
}

/**
 * 发送测试, with the receiver's answer (or why nothing arrived) beside it, in the row: a manager
 * setting up a robot wants to see at once what WeCom said about his key.
 */
export function ChannelTestButton({ channel, onSent }: ChannelTestButtonProps) {
  const { t } = useTranslation(['notify']);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<ChannelTestResult>();

  const send = async () => {
    setSending(true);
    setResult(undefined);
    try {
      setResult(await testChannel(channel.id));
      onSent();
    } catch {
      // Refused before sending (the channel is gone): the http client has said so.
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="notify-test">
      <Button size="mini" icon={<IconSend />} loading={sending} onClick={() => void send()} data-testid="channel-test">
        {t('notify:test')}
      </Button>
      {result && (
        <div className={result.ok ? 'notify-test-result notify-test-ok' : 'notify-test-result notify-test-failed'} data-testid="channel-test-result" data-ok={result.ok}>
          <strong>{result.ok ? t('notify:testOk') : t('notify:testFailed')}</strong>
          {result.status !== null && <span> · {t('notify:testStatus', { status: result.status })}</span>}
          {result.detail !== '' && <div className="notify-test-detail">{result.detail}</div>}
        </div>
      )}
    </div>
  );
}
