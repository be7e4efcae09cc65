/** Dark tones for department headers (white text) and light tones for icon tiles, by department slug. */
export const DEPARTMENT_COLORS: Record<string, { dark: string; light: string }> = {
  'frutta-e-verdura': { dark: '#166534', light: '#dcfce7' },
  macelleria: { dark: '#991b1b', light: '#fee2e2' },
  pescheria: { dark: '#1e40af', light: '#dbeafe' },
  'salumi-e-formaggi': { dark: '#854d0e', light: '#fef9c3' },
  latticini: { dark: '#1e3a8a', light: '#e0f2fe' },
  'pane-e-pasticceria': { dark: '#78350f', light: '#fef3c7' },
  'pasta-riso-e-farine': { dark: '#92400e', light: '#ffedd5' },
  conserve: { dark: '#9f1239', light: '#ffe4e6' },
  'olio-aceto-e-condimenti': { dark: '#3f6212', light: '#ecfccb' },
  'colazione-e-dolci': { dark: '#9a3412', light: '#ffedd5' },
  'snack-e-aperitivi': { dark: '#a16207', light: '#fef9c3' },
  gastronomia: { dark: '#7c2d12', light: '#fde68a' },
  bevande: { dark: '#0e7490', light: '#cffafe' },
  'vini-e-birre': { dark: '#701a75', light: '#fae8ff' },
  surgelati: { dark: '#075985', light: '#e0f2fe' },
  'cura-della-casa': { dark: '#4c1d95', light: '#ede9fe' },
  'cura-della-persona': { dark: '#9d174d', light: '#fce7f3' },
  infanzia: { dark: '#3730a3', light: '#e0e7ff' },
  animali: { dark: '#57534e', light: '#f5f5f4' },
};
export const DEFAULT_COLORS = { dark: '#1f2937', light: '#f3f4f6' };
