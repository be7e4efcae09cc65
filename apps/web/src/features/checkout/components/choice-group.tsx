import { Controller } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { CheckoutControl } from '../hooks/use-checkout-form';

export interface ChoiceOption {
  value: string;
  label: string;
  detail: string;
  disabled: boolean;
}

/** A radio group whose options carry a second line (bags, payment types). */
export function ChoiceGroup({
  control,
  name,
  legend,
  options,
}: {
  control: CheckoutControl;
  name: 'packagingTypeId' | 'paymentTypeId';
  legend: string;
  options: readonly ChoiceOption[];
}) {
  const legendId = `${name}-legend`;
  const messageId = `${name}-message`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <FormControl component="fieldset" error={Boolean(error)} sx={{ width: '100%' }}>
            <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>
              {legend}
            </FormLabel>
            <RadioGroup
              name={field.name}
              value={field.value}
              onChange={(_, v) => field.onChange(v)}
              aria-describedby={error ? messageId : undefined}
            >
              {options.map((o, index) => (
                <FormControlLabel
                  key={o.value}
                  value={o.value}
                  disabled={o.disabled}
                  control={
                    <Radio
                      slotProps={{
                        input: {
                          ref: index === 0 ? field.ref : undefined,
                          'aria-describedby': `${name}-${o.value}-detail`,
                        } as React.InputHTMLAttributes<HTMLInputElement>,
                      }}
                    />
                  }
                  sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
                  label={
                    <Box>
                      <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                        {o.label}
                      </Typography>
                      <Typography
                        component="span"
                        variant="body2"
                        id={`${name}-${o.value}-detail`}
                        sx={{ display: 'block', color: 'text.secondary' }}
                      >
                        {o.detail}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
            {error ? <FormHelperText id={messageId}>{error}</FormHelperText> : null}
          </FormControl>
        );
      }}
    />
  );
}
