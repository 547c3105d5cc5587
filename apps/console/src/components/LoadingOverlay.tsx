import { useSyncExternalStore } from 'react';
import { Spin } from '@arco-design/web-react';
import { LOADING_TEXT } from '@pest/shared';
import { pendingRequestCount, pendingRequestText, subscribePendingRequests } from '../api/pendingRequests.ts';
import './LoadingOverlay.css';

/** One page-wide overlay while any request that counts is pending (console-spec section 9). */
export function LoadingOverlay() {
  const pending = useSyncExternalStore(subscribePendingRequests, pendingRequestCount);
  const text = useSyncExternalStore(subscribePendingRequests, pendingRequestText);
  if (pending === 0) return null;
  return (
    <div className="loading-overlay" data-testid="loading-overlay" role="status" aria-live="polite">
      <Spin size={32} tip={text ?? LOADING_TEXT} />
    </div>
  );
}
