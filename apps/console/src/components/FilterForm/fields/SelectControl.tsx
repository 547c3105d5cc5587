import { Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { WIDE_POPUP } from '../widePopup.ts';
import { change, chosen, type FieldContext, type MultiSelectDefinition, type SingleSelectDefinition } from './fieldTypes.ts';

const MULTIPLE = { mode: 'multiple', maxTagCount: 2, allowClear: true, showSearch: true } as const;

interface SelectControlProps {
  definition: SingleSelectDefinition | MultiSelectDefinition;
  context: FieldContext;
  testId: string;
}

/** A select bound to one field of the form: a single choice that can be cleared, or several. */
export function SelectControl({ definition, context, testId }: SelectControlProps) {
  const { t } = useTranslation(['filter']);
  const { state, disabled, dispatch } = context;
  const shared = {
    'data-testid': testId,
    placeholder: definition.placeholder(context, t),
    options: definition.options(context, t),
    // Only the props a definition asks for, so the others keep Arco's defaults.
    ...(definition.disabledBy && { disabled: disabled[definition.disabledBy] }),
    ...(definition.wide && { triggerProps: WIDE_POPUP }),
  };

  if (definition.multiple) {
    const current = state[definition.field];
    return (
      <Select
        {...MULTIPLE}
        {...shared}
        value={current ? current.slice() : []}
        onChange={(values: (number | string)[]) => {
          dispatch(change(definition.field, chosen(values)));
          for (const further of definition.alsoChange?.(values, context) ?? []) dispatch(further);
        }}
      />
    );
  }
  return (
    <Select
      allowClear
      {...shared}
      value={state[definition.field]}
      onChange={(value: number | undefined) => dispatch(change(definition.field, value))}
    />
  );
}
