import { useState } from 'react';
import { format, isValid, parseISO } from 'date-fns';
import { it } from 'date-fns/locale/it';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { itIT } from '@mui/x-date-pickers/locales';
import type { DateFieldProps } from './date-field';

const WIRE = /^\d{4}-\d{2}-\d{2}$/;
const localeText = itIT.components.MuiLocalizationProvider.defaultProps.localeText;

/** yyyy-MM-dd (the wire's and the form's format) as a local date, or null. */
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

/** A date complete and valid as yyyy-MM-dd; one being typed, or impossible, as ''. */
const toWire = (date: Date | null): string => (date && isValid(date) ? format(date, 'yyyy-MM-dd') : '');

/**
 * MUI X's date picker in Italian whatever the browser's language: dd/mm/yyyy sections typed with the
 * keyboard (arrows change a section), a calendar behind the button, texts from its Italian locale. The form
 * keeps yyyy-MM-dd: a date still being typed stays in the picker and reaches the form as '' (as an
 * unfinished native date input did). Loaded on its own by `DateField`.
 */
export default function DatePickerField(props: DateFieldProps) {
  const { value, onChange, onBlur, min, max } = props;
  const [date, setDate] = useState<Date | null>(() => toDate(value));
  // the form's value set from outside (a reset, a saved value arriving) replaces what the picker holds
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setDate(toDate(value));
  }
  const minDate = min ? (toDate(min) ?? undefined) : undefined;
  const maxDate = max ? (toDate(max) ?? undefined) : undefined;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={it} localeText={localeText}>
      <DatePicker
        label={props.label}
        value={date}
        minDate={minDate}
        maxDate={maxDate}
        disabled={props.disabled}
        onChange={(next) => {
          setDate(next);
          const wire = toWire(next);
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
            size: props.size,
            fullWidth: props.fullWidth,
            inputRef: props.inputRef
              ? (input: HTMLInputElement | null) => props.inputRef?.(focusTarget(input))
              : undefined,
            onBlur,
          },
        }}
      />
    </LocalizationProvider>
  );
}
