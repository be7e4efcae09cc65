import { useQuery } from '@tanstack/react-query';
import type { MailPars } from '@spesa/shared/contracts/forms';
import { callApi } from '../../../lib/http';

export const formKeys = { form: (formId: number) => ['forms', formId] as const };

/** GET /p/wp-json/ebsn/v1/get_mail_pars: the form, its fields filled for the customer, and a fresh nonce. */
export const getMailPars = (formId: number, signal?: AbortSignal): Promise<MailPars> =>
  callApi('GET /p/wp-json/ebsn/v1/get_mail_pars', { query: { form_id: formId } }, { signal, quiet: true });

/** Every view gets its own nonce: never served from the cache. */
export const useMailPars = (formId: number) =>
  useQuery({
    queryKey: formKeys.form(formId),
    queryFn: ({ signal }) => getMailPars(formId, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
