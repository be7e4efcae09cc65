import { useState } from 'react';
import { format, isValid, parseISO } from 'date-fns';
import { it } from 'date-fns/locale/it';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { itIT } from '@mui/x-date-pickers/locales';
import type { ReactNode } from 'react';

const WIRE = /^\d{4}-\d{2}-\d{2}$/;
const localeText = itIT.components.MuiLocalizationProvider.defaultProps.localeText;

function toDate(value: string): Date | null {
  if (!WIRE.test(value)) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
}

/**
 * What a form focuses for this field: its day section. The picker's own input is hidden from screen readers
 * and holds no caret.
 */
function focusTarget(input: HTMLInputElement | null): { focus: () => void } | null {
  if (!input) return null;
  const group = input.closest('[role="group"]') ?? input.parentElement;
  return { focus: () => group?.querySelector<HTMLElement>('[role="spinbutton"]')?.focus() };
}

export interface DatePickerProps {
  id: string;
  name: string;
  label: ReactNode;
  /** yyyy-MM-dd or '' */
  value: string;
  /** yyyy-MM-dd once complete and valid, '' otherwise */
  onChange: (value: string) => void;
  onBlur: () => void;
  required: boolean;
  error: boolean;
  helperText: ReactNode;
  inputRef?: (instance: { focus: () => void } | null) => void;
}

/**
 * MUI X's date picker in Italian (decision 079): dd/mm/yyyy sections typed with the keyboard, the calendar
 * behind the button. A date still being typed stays in the picker and reaches the form as ''.
 */
export default function ItalianDatePicker(props: DatePickerProps) {
  const { value, onChange } = props;
  const [date, setDate] = useState<Date | null>(() => toDate(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setDate(toDate(value));
  }
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={it} localeText={localeText}>
      <DatePicker
        label={props.label}
        value={date}
        onChange={(next) => {
          setDate(next);
          const wire = next && isValid(next) ? format(next, 'yyyy-MM-dd') : '';
          setSeen(wire);
          if (wire !== value) onChange(wire);
        }}
        slotProps={{
          textField: {
            id: props.id,
            name: props.name,
            required: props.required,
            error: props.error,
            helperText: props.helperText,
            inputRef: props.inputRef
              ? (input: HTMLInputElement | null) => props.inputRef?.(focusTarget(input))
              : undefined,
            onBlur: props.onBlur,
            size: 'small',
            margin: 'dense',
          },
        }}
      />
    </LocalizationProvider>
  );
}
