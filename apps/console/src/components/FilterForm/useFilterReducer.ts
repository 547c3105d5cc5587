import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { initialFilterState, type FilterFormConfig, type FilterFormState } from '@pest/shared';
import { filterReducer, type FilterAction, type FilterEffect } from './rules/index.ts';

/**
 * The form's state under the rules' reducer. Each action's effects run once, right after it:
 * outside React's state updater, which may run twice and must stay pure.
 */
export function useFilterReducer(
  config: FilterFormConfig,
  runEffect: (effect: FilterEffect) => void,
): [FilterFormState, (action: FilterAction) => void] {
  const [state, setState] = useState(() => initialFilterState(config));
  const current = useRef(state);
  const latestRunEffect = useRef(runEffect);
  useLayoutEffect(() => {
    latestRunEffect.current = runEffect;
  });

  const dispatch = useCallback(
    (action: FilterAction) => {
      const transition = filterReducer(current.current, action, config);
      current.current = transition.state;
      setState(transition.state);
      for (const effect of transition.effects) latestRunEffect.current(effect);
    },
    [config],
  );
  return [state, dispatch];
}
