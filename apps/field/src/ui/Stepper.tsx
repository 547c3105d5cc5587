import { useTranslation } from 'react-i18next';

/** A count with big − and + for a thumb, and the number typed for a large catch. */
export function Stepper({ label, value, max, disabled, onChange, testId }: { label: string; value: number; max: number; disabled?: boolean; onChange(value: number): void; testId: string }) {
  const { t } = useTranslation();
  const set = (next: number) => onChange(Math.min(max, Math.max(0, Math.round(next))));
  return (
    <div className="stepper" data-testid={testId}>
      <span className="stepper-label">{label}</span>
      <button type="button" aria-label={`${label} ${t('point.decrease')}`} disabled={disabled || value <= 0} onClick={() => set(value - 1)}>
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        aria-label={label}
        value={value}
        disabled={disabled}
        onChange={(event) => set(Number(event.target.value) || 0)}
      />
      <button type="button" aria-label={`${label} ${t('point.increase')}`} disabled={disabled || value >= max} onClick={() => set(value + 1)}>
        +
      </button>
    </div>
  );
}
