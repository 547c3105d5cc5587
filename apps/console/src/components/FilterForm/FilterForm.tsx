import { useState, type ReactNode } from 'react';
import { Button, Form, Message } from '@arco-design/web-react';
import { IconFilter, IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, type FilterFormConfig, type FilterParams } from '@pest/shared';
import { visibleControls } from './controls.ts';
import { FilterControlView } from './FilterControlView.tsx';
import { FilterItem } from './FilterItem.tsx';
import { filterSummary } from './filterSummary.ts';
import { submitsOnEnter } from './submitsOnEnter.ts';
import { useIsMobile } from '../useIsMobile.ts';
import { selectDisabled, validateQuery } from './rules/index.ts';
import { useEffectLists, useFilterOptions } from './useFilterOptions.ts';
import { useFilterReducer } from './useFilterReducer.ts';
import './FilterForm.css';

export interface FilterFormProps {
  /** Which fields the screen shows and how they behave: its ScreenFilterForms entry, or defineFilterConfig (@pest/shared), at module level. */
  config: FilterFormConfig;
  /** The screen's own items, each wrapped in a FilterItem; they follow the shared fields in the grid. */
  extraItems?: ReactNode;
  /** A query passed every rule: the request body, empty values absent. Nothing is called when a rule refuses. */
  onQuery(params: FilterParams): void;
  /** The query button's text and icon when the screen's action is not a search (生成 on the audit pack). */
  queryText?: string;
  queryIcon?: ReactNode;
  /** Reset put the fields back to their defaults: the screen clears its charts and tables (and its extra items). */
  onReset(): void;
}

/** One validation message at a time: a second click replaces the first instead of stacking. */
const VALIDATION_MESSAGE_ID = 'filter-form-validation';

/**
 * The shared filter form (console-spec section 2). The rules' reducer owns every value and
 * cascade; this renders it, loads the option lists its effects ask for, and on Query either
 * shows the first rule's message (console-spec section 5) or hands the screen the request body;
 * Enter in a text field (the shared ones or a screen's own) queries as well, as in a search box.
 * On a phone eight fields filled the first screen: there the form folds to one line, a 筛选
 * button and what is chosen, and folds again once a query is sent, so the answer is in view.
 */
export function FilterForm({ config, extraItems, onQuery, onReset, queryText, queryIcon }: FilterFormProps) {
  const { t } = useTranslation(['filter']);
  const effectLists = useEffectLists(onReset);
  const [state, dispatch] = useFilterReducer(config, effectLists.runEffect);
  const options = useFilterOptions(config, state, effectLists);
  const disabled = selectDisabled(state, config);
  const mobile = useIsMobile();
  const [unfolded, setUnfolded] = useState(false);
  const folded = mobile && !unfolded;
  const controls = visibleControls(state, config);

  const query = () => {
    const check = validateQuery(state, config);
    if (!check.ok) {
      const show = check.level === 'warning' ? Message.warning : Message.info;
      show({ id: VALIDATION_MESSAGE_ID, content: check.message, duration: TOAST_DURATION_MS });
      return;
    }
    setUnfolded(false);
    onQuery(check.params);
  };

  const summary = mobile ? filterSummary(controls, { config, state, disabled, options, customerList: effectLists.customerList, dispatch }, t) : [];

  return (
    <div
      className={`filter-form${mobile ? ' filter-form-mobile' : ''}${folded ? ' filter-form-folded' : ''}`}
      data-testid="filter-form"
      onKeyDown={(event) => {
        if (!submitsOnEnter(event)) return;
        event.preventDefault();
        query();
      }}
    >
      {mobile && (
        <div className="filter-form-bar">
          <Button icon={<IconFilter />} aria-expanded={unfolded} onClick={() => setUnfolded(!unfolded)} data-testid="filter-toggle">
            {t('filter:filters')}
          </Button>
          <span className="filter-form-summary" data-testid="filter-summary">
            {summary.length > 0 ? summary.join(' · ') : t('filter:nothingChosen')}
          </span>
        </div>
      )}
      <Form
        className="filter-form-fields"
        layout="horizontal"
        labelAlign="right"
        labelCol={{ flex: '0 0 var(--filter-label-width)' }}
        wrapperCol={{ flex: '1 1 0' }}
      >
        <div className="filter-form-grid">
          {controls.map((control) => (
            <FilterItem key={control} name={control} label={t(`filter:${control}`)}>
              <FilterControlView
                control={control}
                config={config}
                state={state}
                disabled={disabled}
                options={options}
                customerList={effectLists.customerList}
                dispatch={dispatch}
              />
            </FilterItem>
          ))}
          {extraItems}
        </div>
      </Form>
      <div className="filter-form-actions">
        <Button type="primary" icon={queryIcon ?? <IconSearch />} onClick={query} data-testid="filter-query">
          {queryText ?? t('filter:query')}
        </Button>
        <Button icon={<IconRefresh />} onClick={() => dispatch({ type: 'reset' })} data-testid="filter-reset">
          {t('filter:reset')}
        </Button>
      </div>
    </div>
  );
}
