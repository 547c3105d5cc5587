import { useRef, useState } from 'react';
import { Alert, Button, Input, Modal } from '@arco-design/web-react';
import type { RefInputType } from '@arco-design/web-react/es/Input/interface';
import { IconCopy } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';

/**
 * The new link's TV address, shown this once: the server keeps only the token's hash. Closing
 * needs a deliberate click, not a click beside the dialog.
 */
export function CreatedLinkDialog({ url, onClose }: { url: string; onClose(): void }) {
  const { t } = useTranslation(['display']);
  const input = useRef<RefInputType>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

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
      title={t('display:createdTitle')}
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
        <Alert type="warning" content={t('display:createdOnce')} />
        <p>{t('display:createdUrl')}</p>
        <div className="display-created-url">
          <Input ref={input} value={url} readOnly onFocus={() => input.current?.dom.select()} data-testid="display-created-url" />
          <Button type="primary" icon={<IconCopy />} onClick={() => void copyUrl()} data-testid="display-created-copy">
            {copy === 'copied' ? t('display:copied') : t('display:copy')}
          </Button>
        </div>
        {copy === 'failed' && <p className="display-created-failed">{t('display:copyFailed')}</p>}
      </div>
    </Modal>
  );
}
