import { Button } from '@arco-design/web-react';
import { IconClose, IconDownload } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { LabelledProgress } from '../../components/LabelledProgress/LabelledProgress.tsx';
import type { ZipProgress } from './zipReports.ts';

interface BatchDownloadBarProps {
  selectedCount: number;
  /** Present while a batch runs. */
  progress: ZipProgress | undefined;
  onStart(): void;
  onCancel(): void;
}

/** The batch download button, or while a batch runs, its progress (n of m) and a cancel button. */
export function BatchDownloadBar({ selectedCount, progress, onStart, onCancel }: BatchDownloadBarProps) {
  const { t } = useTranslation(['serviceRecord']);
  if (progress) {
    const percent = progress.total === 0 ? 0 : Math.round((progress.done / progress.total) * 100);
    return (
      <div className="batch-download-progress" data-testid="batch-progress" role="status">
        <LabelledProgress percent={percent} width={140} size="small" showText={false} label={t('serviceRecord:packing', { done: progress.done, total: progress.total })} />
        <span className="batch-download-count" data-testid="batch-progress-text">
          {t('serviceRecord:packing', { done: progress.done, total: progress.total })}
        </span>
        <Button size="small" icon={<IconClose />} onClick={onCancel} data-testid="batch-cancel">
          {t('serviceRecord:cancelBatch')}
        </Button>
      </div>
    );
  }
  return (
    <div className="batch-download">
      {selectedCount > 0 && (
        <span className="batch-download-count" data-testid="selected-count">
          {t('serviceRecord:selected', { count: selectedCount })}
        </span>
      )}
      <Button type="primary" icon={<IconDownload />} onClick={onStart} data-testid="batch-download">
        {t('serviceRecord:batchDownload')}
      </Button>
    </div>
  );
}
