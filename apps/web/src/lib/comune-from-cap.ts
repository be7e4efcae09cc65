import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch, type Control, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import type { City } from '@spesa/shared/contracts/delivery';
import { ApiError, callApi } from './http';

/**
 * The comuni of a CAP (GET /geo/cap/{cap}) and the form hook that fills a comune and its province from the
 * CAP typed: one lookup for every form that asks for an address (the address book's, the registration's).
 */
export async function getCitiesByCap(postalcode: string, signal?: AbortSignal): Promise<City[]> {
  try {
    const data = await callApi(
      'GET /geo/cap/:postalcode',
      { params: { postalcode } },
      { signal, quiet: true },
    );
    return data.cities;
  } catch (error) {
    if (error instanceof ApiError && error.isNotFound) return [];
    throw error;
  }
}

/** Public geography, the same for everybody: kept after signing out (delivery's geoKeys share the root). */
const capKey = (postalcode: string) => ['geo', 'cap', postalcode] as const;

export const useCitiesByCap = (postalcode: string) =>
  useQuery({
    queryKey: capKey(postalcode),
    queryFn: ({ signal }) => getCitiesByCap(postalcode, signal),
    enabled: /^\d{5}$/.test(postalcode),
    staleTime: Infinity,
  });

interface AddressFormParts<T extends FieldValues> {
  control: Control<T>;
  getValues: (name: Path<T>) => PathValue<T, Path<T>>;
  setValue: (name: Path<T>, value: PathValue<T, Path<T>>, options?: { shouldValidate?: boolean }) => void;
}

/**
 * Fills the comune (when the CAP has one, or the field is empty) and its province from the CAP typed. A comune
 * the customer typed that belongs to the CAP is kept. Answers the CAP's comuni (several: the form may offer a
 * choice) and whether the CAP is unknown (outside the served area).
 */
export function useComuneFromCap<T extends FieldValues>(
  form: AddressFormParts<T>,
  names: { postalCode: Path<T>; city: Path<T>; province: Path<T> },
) {
  const { control, getValues, setValue } = form;
  const typed = useWatch({ control, name: names.postalCode }) as unknown;
  const cap = typeof typed === 'string' ? typed.trim() : '';
  const cities = useCitiesByCap(cap);
  useEffect(() => {
    const found = cities.data;
    if (!found || found.length === 0) return;
    const current = String(getValues(names.city) ?? '');
    const match = found.find((c) => c.name.toLowerCase() === current.trim().toLowerCase()) ?? found[0];
    if (!match) return;
    if (found.length === 1 || !current)
      setValue(names.city, match.name as PathValue<T, Path<T>>, { shouldValidate: !!current });
    setValue(names.province, match.province as PathValue<T, Path<T>>, { shouldValidate: true });
  }, [cities.data, getValues, setValue, names.city, names.province]);
  const capUnknown = /^\d{5}$/.test(cap) && cities.isSuccess && cities.data.length === 0;
  return { cities, cap, capUnknown };
}
