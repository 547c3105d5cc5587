import { useState } from 'react';
import { Radio, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { FilterForm, type FilterParams } from '../../components/FilterForm/index.ts';
import { PREVIEW_PRESETS, PREVIEW_PRESET_NAMES, type PreviewPreset } from './previewPresets.ts';
import './filterPreview.css';

const PRESET_LABELS = {
  full: 'filter:presetFull',
  multiStore: 'filter:presetMultiStore',
  storeRequired: 'filter:presetStoreRequired',
} as const satisfies Record<PreviewPreset, string>;

/** What the page below the form shows: nothing yet, the last query's body, or that Reset cleared it. */
type Outcome = { kind: 'none' } | { kind: 'queried'; params: FilterParams } | { kind: 'cleared' };

/**
 * A developer and support page (hidden route /filterPreview): the shared filter form with every
 * field, and the request body a query would send, exactly.
 */
export function FilterPreviewPage() {
  const { t } = useTranslation(['filter', 'route']);
  const [preset, setPreset] = useState<PreviewPreset>('full');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });

  return (
    <section className="filter-preview" data-testid="filter-preview-page">
      <header className="filter-preview-header">
        <div>
          <h2 className="filter-preview-title">{t('route:filterPreview')}</h2>
          <Typography.Text type="secondary">{t('filter:previewHint')}</Typography.Text>
        </div>
        <div className="filter-preview-presets">
          <span className="filter-preview-presets-label">{t('filter:previewConfig')}</span>
          <Radio.Group
            type="button"
            value={preset}
            onChange={(value: PreviewPreset) => {
              setPreset(value);
              setOutcome({ kind: 'none' });
            }}
            data-testid="preview-preset"
          >
            {PREVIEW_PRESET_NAMES.map((name) => (
              <Radio key={name} value={name} data-testid={`preview-preset-${name}`}>
                {t(PRESET_LABELS[name])}
              </Radio>
            ))}
          </Radio.Group>
        </div>
      </header>
      {/* A new setup is a new form: its state and lists start from that setup's defaults. */}
      <FilterForm
        key={preset}
        config={PREVIEW_PRESETS[preset]}
        onQuery={(params) => setOutcome({ kind: 'queried', params })}
        onReset={() => setOutcome({ kind: 'cleared' })}
      />
      <section className="filter-preview-result" data-testid="preview-result" data-state={outcome.kind}>
        <h3 className="filter-preview-result-title">{t('filter:requestBody')}</h3>
        {outcome.kind === 'queried' ? (
          <pre className="filter-preview-json" data-testid="preview-request">
            {JSON.stringify(outcome.params, null, 2)}
          </pre>
        ) : (
          <p className="filter-preview-empty" data-testid="preview-empty">
            {outcome.kind === 'cleared' ? t('filter:resultsCleared') : t('filter:notQueried')}
          </p>
        )}
      </section>
    </section>
  );
}
