import { Radio } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { change, type FieldContext, type RadioDefinition } from './fieldTypes.ts';

interface RadioControlProps {
  definition: RadioDefinition;
  context: FieldContext;
  testId: string;
}

/** Button radios for a field that always has one of a few values. */
export function RadioControl({ definition, context, testId }: RadioControlProps) {
  const { t } = useTranslation(['filter']);
  return (
    <Radio.Group
      type="button"
      data-testid={testId}
      value={context.state[definition.field]}
      onChange={(value: number) => context.dispatch(change(definition.field, value))}
      options={definition.choices.map((choice) => ({ value: choice.value, label: choice.label(t) }))}
    />
  );
}
