import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { enterDate } from '../test/date-picker';
import { FormDateField } from './form-date-field';

const schema = z.object({ birthDate: z.string().min(1, 'Campo obbligatorio') });

function BirthForm({ onSave }: { onSave: (value: string) => void }) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { birthDate: '' },
  });
  return (
    <form noValidate onSubmit={(e) => void handleSubmit((v) => onSave(v.birthDate))(e)}>
      <FormDateField control={control} name="birthDate" label="Data di nascita" required />
      <button type="submit">Salva</button>
    </form>
  );
}

it('takes a date typed dd/mm/yyyy, keeps yyyy-MM-dd, and a refused empty date takes the focus to its day', async () => {
  const user = userEvent.setup();
  const saved: string[] = [];
  render(<BirthForm onSave={(v) => saved.push(v)} />);
  await screen.findByRole('group', { name: /^Data di nascita/ }, { timeout: 5_000 });
  expect(screen.getByRole('group', { name: /^Data di nascita/ })).toHaveTextContent('GG/MM/AAAA');

  await user.click(screen.getByRole('button', { name: 'Salva' }));
  expect(await screen.findByText('Campo obbligatorio')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Giorno' })).toHaveFocus());

  await enterDate(/^Data di nascita/, '04/05/1990');
  await user.click(screen.getByRole('button', { name: 'Salva' }));
  await waitFor(() => expect(saved).toEqual(['1990-05-04']));
});
