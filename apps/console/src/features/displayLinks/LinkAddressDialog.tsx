import { useRef, useState } from 'react';
import { Alert, Button, Input, Modal } from '@arco-design/web-react';
import type { RefInputType } from '@arco-design/web-react/es/Input/interface';
import { IconCopy } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { formatDisplayCode, type DisplayLinkSecret } from '@pest/shared';
import { displayLinkUrl, wallboardAddress } from '../../navigation/wallboardLink.ts';
import { appConfig } from '../../session/appConfig.ts';
import { QrCode } from './QrCode.tsx';

const QR_SIZE = 168;

/**
 * A link's TV address three ways: the URL to copy, a QR code of it for a phone, and the short code
 * to type on the TV's own start page, for a remote that makes an 83-character address a chore.
 * Shown when the link is made, and again to who manages it (each time recorded). Closing needs a
 * deliberate click, not a click beside the dialog.
 */
export function LinkAddressDialog({ title, notice, secret, onClose }: { title: string; notice: string; secret: DisplayLinkSecret; onClose(): void }) {
  const { t } = useTranslation(['display']);
  const input = useRef<RefInputType>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const { wallboardUrl } = appConfig();
  const url = displayLinkUrl(wallboardUrl, window.location.origin, secret.token);

  const copyUrl = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      // No clipboard (a console on plain http, or permission refused): select the address for a manual copy.
      input.current?.dom.select();
      setCopy('failed');
    }
  };

  return (
    <Modal
      visible
      title={title}
      onCancel={onClose}
      maskClosable={false}
      unmountOnExit
      footer={
        <Button type="primary" onClick={onClose} data-testid="display-created-close">
          {t('display:done')}
        </Button>
      }
    >
      <div className="display-created" data-testid="display-created">
        <Alert type="warning" content={notice} />
        <p>{t('display:createdUrl')}</p>
        <div className="display-created-url">
          <Input ref={input} value={url} readOnly onFocus={() => input.current?.dom.select()} data-testid="display-created-url" />
          <Button type="primary" icon={<IconCopy />} onClick={() => void copyUrl()} data-testid="display-created-copy">
            {copy === 'copied' ? t('display:copied') : t('display:copy')}
          </Button>
        </div>
        {copy === 'failed' && <p className="display-created-failed">{t('display:copyFailed')}</p>}
        <div className="display-created-other">
          <QrCode text={url} size={QR_SIZE} label={t('display:qrLabel')} />
          <div>
            <p>{t('display:qrHint')}</p>
            <p>{t('display:codeHint', { address: wallboardAddress(wallboardUrl, window.location.origin) })}</p>
            <strong className="display-code" data-testid="display-code">
              {formatDisplayCode(secret.code)}
            </strong>
          </div>
        </div>
      </div>
    </Modal>
  );
}
