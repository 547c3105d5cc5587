import { useTranslation } from 'react-i18next';

/**
 * Which scope of a rotating link is on screen (its label, i/n) and how much of its dwell is left.
 * Keyed by the scope, so the bar's animation starts again with each one; a CSS animation, as the
 * TV should not re-render the board to move a bar.
 */
export function RotationIndicator({ label, index, count, dwellSeconds }: { label: string; index: number; count: number; dwellSeconds: number }) {
  const { t } = useTranslation();
  return (
    <div className="rotation" data-testid="rotation" data-index={index}>
      <span className="rotation-label" data-testid="rotation-label">
        {label}
      </span>
      <span className="rotation-count">{t('display.scopeOf', { index: index + 1, count })}</span>
      <span className="rotation-track" aria-hidden>
        <span className="rotation-progress" style={{ animationDuration: `${dwellSeconds}s` }} />
      </span>
    </div>
  );
}
