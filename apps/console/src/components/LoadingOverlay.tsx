import { useSyncExternalStore } from 'react';
import { Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { pendingRequestCount, pendingRequestText, subscribePendingRequests } from '../api/pendingRequests.ts';
import './LoadingOverlay.css';

/** One page-wide overlay while any request that counts is pending (console-spec section 9). */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const pending = useSyncExternalStore(subscribePendingRequests, pendingRequestCount);
  const text = useSyncExternalStore(subscribePendingRequests, pendingRequestText);
  if (pending === 0) return null;
  return (
    <div className="loading-overlay" data-testid="loading-overlay" role="status" aria-live="polite">
      <Spin size={32} tip={text ?? t('common:loading')} />
    </div>
  );
}
