import { lazy, Suspense } from 'react';
import { TextField } from '@mui/material';

const ItalianDatePicker = lazy(() => import('./date-picker'));

/** 2026-12-03 as 03/12/2026 */
const italianDay = (iso: string) => iso.split('-').reverse().join('/');

export interface DayFieldProps {
  id: string;
  name: string;
  label: string;
  /** yyyy-MM-dd or '' */
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}

/**
 * A day typed in Italian (decision 079) in a back-office form: the date picker is loaded at first use (MUI X's
 * pickers are a chunk of their own), a disabled field showing the day stands in until it arrives.
 */
export function DayField({ id, name, label, value, onChange, required = false }: DayFieldProps) {
  return (
    <Suspense
      fallback={<TextField size="small" margin="dense" label={label} value={italianDay(value)} disabled />}
    >
      <ItalianDatePicker
        id={id}
        name={name}
        label={label}
        value={value}
        onChange={onChange}
        onBlur={() => {}}
        required={required}
        error={false}
        helperText=""
      />
    </Suspense>
  );
}
