import { OrganisationSelector } from '../organisation/OrganisationSelector.tsx';
import { chosen, type FieldContext } from './fieldTypes.ts';

/** The organisation tree or store list, giving customerId or customerIds as the screen's config says. */
export function OrganisationControl({ context }: { context: FieldContext; testId: string }) {
  const { config, state, disabled, customerList, dispatch } = context;
  const multiple = config.organisationMode === 'multiple';
  return (
    <OrganisationSelector
      multiple={multiple}
      value={multiple ? (state.customerIds ?? []) : state.customerId === undefined ? [] : [state.customerId]}
      onChange={(value) =>
        multiple
          ? dispatch({ type: 'change', field: 'customerIds', value: chosen(value) })
          : dispatch({ type: 'change', field: 'customerId', value: value[0] })
      }
      listRequest={customerList}
      disabled={disabled.organisation}
    />
  );
}
