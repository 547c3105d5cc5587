import { TimeType } from '@pest/shared';
import type { FilterControl } from './controls.ts';
import { DateRangeField } from './DateRangeField.tsx';
import { fieldDefinition } from './fields/fieldDefinitions.ts';
import type { FieldContext } from './fields/fieldTypes.ts';
import { RadioControl } from './fields/RadioControl.tsx';
import { SelectControl } from './fields/SelectControl.tsx';

interface FilterControlViewProps extends FieldContext {
  control: FilterControl;
}

/** A chart counted by month (a time type other than by occurrence); a table's range has no time type. */
const showsMonths = ({ config, state }: FieldContext) => config.fields.has('timeType') && state.timeType !== TimeType.byOccurrence;

/** The input of one filter control, bound to the reducer's state, as its definition (fields/fieldDefinitions.ts) says. */
export function FilterControlView({ control, ...context }: FilterControlViewProps) {
  const definition = fieldDefinition(control, context.config);
  const testId = `filter-${control}`;
  switch (definition.kind) {
    case 'select':
      return <SelectControl definition={definition} context={context} testId={testId} />;
    case 'radio':
      return <RadioControl definition={definition} context={context} testId={testId} />;
    case 'dateRange': {
      const { field } = definition;
      return (
        <DateRangeField
          testId={testId}
          withShortcuts={definition.withShortcuts}
          wholeMonths={showsMonths(context)}
          value={context.state[field]}
          onChange={(value) => context.dispatch({ type: 'change', field, value })}
        />
      );
    }
    case 'custom':
      return <definition.Control context={context} testId={testId} />;
  }
}
