import { useId } from 'react';
import './app-header.css';

export interface TPickerOption {
  id: string;
  label: string;
}

export interface TOrganizationPickerProps {
  /** The caller's organizations, labelled by name (`organizationLabels`). */
  options: readonly TPickerOption[];
  currentId: string | undefined;
  onSelect: (id: string) => void;
  /** "Huidige organisatie" / "Current organization". */
  label: string;
  /** A longer hint on the select (its title). */
  help?: string;
  testId?: string;
}

/**
 * Spec §4/§6 current organization, the same picker in the portal and the back office: a label above
 * a native select (the most usable with a keyboard and on phones), or only the name when there is no
 * choice.
 */
export function OrganizationPicker({
  options,
  currentId,
  onSelect,
  label,
  help,
  testId = 'organization-select',
}: TOrganizationPickerProps) {
  const id = useId();
  const current = options.find((o) => o.id === currentId);
  if (!current) return null;
  if (options.length < 2) {
    return (
      <p className="organization-picker">
        <span className="organization-picker__label">{label}</span>
        <span className="organization-picker__name" data-testid="current-organization">
          {current.label}
        </span>
      </p>
    );
  }
  return (
    <div className="organization-picker">
      <label className="organization-picker__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        data-testid={testId}
        title={help}
        value={current.id}
        onChange={(e) => onSelect(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
