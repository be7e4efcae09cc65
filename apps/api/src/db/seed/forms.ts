import { FORM_DEFINITIONS } from '../../modules/forms/form-definitions';
import { FormsRepository } from '../../modules/forms/forms.repository';
import type { Db } from './db';

/** The chain's forms (decision 051): written on every start, through the forms module's repository. */
export async function ensureForms(db: Db): Promise<void> {
  await new FormsRepository(db).saveDefinitions(FORM_DEFINITIONS);
}
