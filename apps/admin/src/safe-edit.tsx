import type { ReactNode } from 'react';
import { Create, Edit, SaveButton, SimpleForm, Toolbar, useNotify, useRefresh } from 'react-admin';

/**
 * The edit form of a record with an `updatedAt` (products, time windows, staff members): saved only once the
 * API answers (pessimistic), with just a Save button. The record's `updatedAt` goes back with the changes
 * (data-provider.ts): someone saving meanwhile makes the API refuse, its Italian text is shown and the form
 * reloads with their version.
 */
export function SafeEdit({
  children,
  redirect = 'list',
  reloadOnError = true,
}: {
  children: ReactNode;
  /** where a saved edit goes: the list (default) or the record's page */
  redirect?: 'list' | 'show';
  /**
   * reload the record after a refusal (default: someone else's save is shown); false for records saved
   * last-write-wins (slides, blocks, recipes), whose refusals are the editor's input, kept to be corrected
   */
  reloadOnError?: boolean;
}) {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Edit
      redirect={redirect}
      mutationMode="pessimistic"
      mutationOptions={{
        onError: (error: unknown) => {
          notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
          if (reloadOnError) refresh();
        },
      }}
    >
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        {children}
      </SimpleForm>
    </Edit>
  );
}

/**
 * The create form of a record (pages, slides, content blocks, recipes): the API's Italian refusal (a slug
 * already taken, a date in the wrong order) is shown and the form keeps what was typed.
 */
export function SafeCreate({
  children,
  defaultValues,
  redirect = 'edit',
}: {
  children: ReactNode;
  defaultValues: Record<string, unknown>;
  /** where a created record goes: its edit form (default) or the list */
  redirect?: 'edit' | 'list';
}) {
  const notify = useNotify();
  return (
    <Create
      redirect={redirect}
      mutationOptions={{
        onError: (error: unknown) =>
          notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' }),
      }}
    >
      <SimpleForm defaultValues={defaultValues}>{children}</SimpleForm>
    </Create>
  );
}
