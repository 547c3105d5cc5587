import { createPortal } from 'react-dom';
import { IconClose } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AlarmToast } from '../../live/alarmToastPolicy.ts';
import { routePaths } from '../../navigation/routePaths.ts';
import { alarmContent } from '../../widgets/alarms/alarmContent.ts';
import { deviceDetailPath } from './alarmLinks.ts';

interface AlarmToastsProps {
  toasts: readonly AlarmToast[];
  onClose(key: string): void;
  /** The toast under the pointer (null: none), which keeps them all from going. */
  onHold(key: string | null): void;
}

/**
 * The alarm toasts, bottom-right: the page's primary actions (查询, 导出, 批量下载) sit at the top
 * of the content and the navbar's at the top-right, which Arco's top-right notifications covered.
 * Rendered by the policy's state as it is, so never more than it allows; in the router's tree
 * (a portal), so their links are router links. The stack lets clicks through between toasts.
 */
export function AlarmToasts({ toasts, onClose, onHold }: AlarmToastsProps) {
  const { t, i18n } = useTranslation();
  if (toasts.length === 0) return null;
  return createPortal(
    <section className="alarm-toasts" aria-label={t('live:alarms')} aria-live="polite" data-testid="alarm-toasts">
      {toasts.map((toast) => (
        <div
          key={toast.key}
          className={`alarm-toast alarm-toast-${toast.kind} alarm-toast-${toast.kind === 'single' ? toast.alarm.severity : 'group'}`}
          role="status"
          data-testid="alarm-toast"
          data-kind={toast.kind}
          onPointerEnter={() => onHold(toast.key)}
          onPointerLeave={() => onHold(null)}
        >
          <div className="alarm-toast-body">
            {toast.kind === 'single' ? (
              <>
                <div className="alarm-toast-title">
                  {toast.alarm.severity && (
                    <span className={`alarm-severity alarm-severity-${toast.alarm.severity}`}>{t(`live:alarmSeverity.${toast.alarm.severity}`)}</span>
                  )}
                  <span className="alarm-toast-title-text">
                    {t(`live:alarmKind.${toast.alarm.type}`)} · {toast.alarm.customerName}
                  </span>
                </div>
                <Link to={deviceDetailPath(toast.alarm)} className="alarm-toast-link" onClick={() => onClose(toast.key)}>
                  {t('live:alarmText', { device: toast.alarm.deviceName, content: alarmContent(toast.alarm, i18n.language) })}
                </Link>
              </>
            ) : (
              <>
                <div className="alarm-toast-title">
                  <span className="alarm-toast-title-text" data-testid="alarm-toast-group-count" data-count={toast.count}>
                    {t('live:newAlarms', { count: toast.count })}
                  </span>
                </div>
                <ul className="alarm-toast-preview">
                  {toast.preview.map((alarm) => (
                    <li key={alarm.id} className={`alarm-toast-preview-${alarm.severity ?? 'none'}`}>
                      {/* The kind first: a line this narrow cuts its end, and the store is on the device's page. */}
                      <Link to={deviceDetailPath(alarm)} className="alarm-toast-link" onClick={() => onClose(toast.key)}>
                        {t(`live:alarmKind.${alarm.type}`)} · {alarm.deviceName}
                      </Link>
                    </li>
                  ))}
                </ul>
                <Link to={routePaths.alarmCenter} className="alarm-toast-all" onClick={() => onClose(toast.key)} data-testid="alarm-toast-view-all">
                  {t('live:viewAll')}
                </Link>
              </>
            )}
          </div>
          <button
            type="button"
            className="alarm-toast-close"
            aria-label={t('live:closeToast')}
            title={t('live:closeToast')}
            onClick={() => {
              onHold(null);
              onClose(toast.key);
            }}
          >
            <IconClose />
          </button>
        </div>
      ))}
    </section>,
    document.body,
  );
}
