interface PickFieldProps {
  label: string;
  value: number | null;
  options: readonly { id: number; name: string }[];
  placeholder: string;
  onChange(value: number | null): void;
  testId: string;
}

/** A labelled native select of named things: the phone's own picker, which a gloved thumb handles better than a custom list. */
export function PickField({ label, value, options, placeholder, onChange, testId }: PickFieldProps) {
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value ?? ''} onChange={(event) => onChange(Number(event.target.value) || null)} data-testid={testId}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </label>
  );
}
