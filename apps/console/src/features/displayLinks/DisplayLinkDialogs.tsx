import { useState } from 'react';
import { Message } from '@arco-design/web-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, type DisplayLink, type DisplayLinkSecret } from '@pest/shared';
import { displayLinkKeys } from '../../api/displayLinkQueries.ts';
import { DisplayLinkForm } from './DisplayLinkForm.tsx';
import { LinkAddressDialog } from './LinkAddressDialog.tsx';

/**
 * The form, then for a new link its TV address, QR code and short code. The 大屏链接 screen and
 * the navbar's "为电视创建大屏链接" both open this, so a link made from either shows in the list.
 */
export function DisplayLinkDialogs({ editing, onClose }: { editing?: DisplayLink; onClose(): void }) {
  const { t } = useTranslation(['display']);
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<DisplayLinkSecret | null>(null);

  if (created) return <LinkAddressDialog title={t('display:createdTitle')} notice={t('display:createdNotice')} secret={created} onClose={onClose} />;
  return (
    <DisplayLinkForm
      editing={editing}
      onClose={onClose}
      onSaved={({ token, code }) => {
        void queryClient.invalidateQueries({ queryKey: displayLinkKeys.all });
        if (token && code) {
          setCreated({ token, code });
        } else {
          Message.success({ content: t('display:saved'), duration: TOAST_DURATION_MS });
          onClose();
        }
      }}
    />
  );
}
