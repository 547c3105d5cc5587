import { useState, type ReactNode } from 'react';
import { Button } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { permissionOfUrl } from '../../api/endpointPermission.ts';
import { useCan } from '../../session/useCan.ts';
import { downloadFile, type DownloadRequest } from './downloadFile.ts';

export interface ExportButtonProps {
  /** What to fetch; read at click time, so pass the current parameters (e.g. size = total). */
  request: DownloadRequest;
  disabled?: boolean;
  /** The label; 导出 by default. */
  children?: ReactNode;
  testId?: string;
}

/**
 * Exports or downloads a file from the API (console-spec section 8) and ignores clicks while one is
 * on its way. Not shown to a user whose roles lack the permission its endpoint needs (导出, say).
 */
export function ExportButton({ request, disabled = false, children, testId = 'export-button' }: ExportButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const can = useCan();
  const needed = permissionOfUrl(request.url);
  if (needed && !can(needed)) return null;

  const run = async () => {
    setBusy(true);
    try {
      await downloadFile(request);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button type="primary" icon={<IconDownload />} disabled={disabled} loading={busy} onClick={run} data-testid={testId}>
      {children ?? t('common:export')}
    </Button>
  );
}
