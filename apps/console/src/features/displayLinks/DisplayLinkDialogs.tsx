import { useState } from 'react';
import { Message } from '@arco-design/web-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, type DisplayLink } from '@pest/shared';
import { displayLinkKeys } from '../../api/displayLinkQueries.ts';
import { displayLinkUrl } from '../../navigation/wallboardLink.ts';
import { appConfig } from '../../session/appConfig.ts';
import { CreatedLinkDialog } from './CreatedLinkDialog.tsx';
import { DisplayLinkForm } from './DisplayLinkForm.tsx';

/**
 * The form, then for a new link its TV address once. The 大屏链接 screen and the navbar's
 * "为电视创建大屏链接" both open this, so a link made from either shows in the list.
 */
export function DisplayLinkDialogs({ editing, onClose }: { editing?: DisplayLink; onClose(): void }) {
  const { t } = useTranslation(['display']);
  const queryClient = useQueryClient();
  const [createdUrl, setCreatedUrl] = useState<string | null>(null);

  if (createdUrl) return <CreatedLinkDialog url={createdUrl} onClose={onClose} />;
  return (
    <DisplayLinkForm
      editing={editing}
      onClose={onClose}
      onSaved={({ token }) => {
        void queryClient.invalidateQueries({ queryKey: displayLinkKeys.all });
        if (token) {
          setCreatedUrl(displayLinkUrl(appConfig().wallboardUrl, window.location.origin, token));
        } else {
          Message.success({ content: t('display:saved'), duration: TOAST_DURATION_MS });
          onClose();
        }
      }}
    />
  );
}
