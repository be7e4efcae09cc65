import { lazy, Suspense, type ReactNode } from 'react';
import TextField from '@mui/material/TextField';

export interface DateFieldProps {
  label: string;
  /** yyyy-MM-dd, or '' for none */
  value: string;
  /** yyyy-MM-dd once the date is complete and valid, '' otherwise */
  onChange: (value: string) => void;
  onBlur?: () => void;
  id?: string;
  name?: string;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  error?: boolean;
  helperText?: ReactNode;
  /** the earliest and latest dates offered, yyyy-MM-dd */
  min?: string;
  max?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  /** given an object whose focus() moves to the day section (react-hook-form focuses a refused field) */
  inputRef?: (instance: { focus: () => void } | null) => void;
}

const DatePickerField = lazy(() => import('./date-picker-field'));

/** yyyy-MM-dd shown as dd/mm/yyyy while the picker loads. */
const shown = (value: string) => (value ? value.split('-').reverse().join('/') : '');

/**
 * A date typed as dd/mm/yyyy with an Italian calendar (decision 079), its value yyyy-MM-dd. The picker
 * (MUI X with date-fns) is a chunk of its own, loaded when a date field first renders; until then the field
 * shows its label and value, disabled, in the same place.
 */
export function DateField(props: DateFieldProps) {
  return (
    <Suspense
      fallback={
        <TextField
          label={props.label}
          value={shown(props.value)}
          required={props.required}
          helperText={props.helperText}
          size={props.size}
          fullWidth={props.fullWidth}
          disabled
          slotProps={{ inputLabel: { shrink: true } }}
        />
      }
    >
      <DatePickerField {...props} />
    </Suspense>
  );
}
