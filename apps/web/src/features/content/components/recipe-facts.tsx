import { useTranslation } from '../../../lib/i18n';
import type { WpPost } from '@spesa/shared/contracts/content';

/** A recipe's course, time, difficulty and the vegetarian mark, as a list of short facts. */
export function RecipeFacts({ recipe }: { recipe: WpPost }) {
  const { t } = useTranslation();
  const course = recipe.acf.terms.portata?.[0];
  const { tempo, difficolta, vegetariana } = recipe.acf.fields;
  return (
    <ul className="recipe-facts" aria-label={t('content.recipes.facts')}>
      {course ? <li>{t(`content.recipes.course.${course}`, { defaultValue: course })}</li> : null}
      {tempo ? <li>{t('content.recipes.minutes', { count: Number(tempo) })}</li> : null}
      {difficolta ? (
        <li>{t(`content.recipes.difficulty.${difficolta}`, { defaultValue: difficolta })}</li>
      ) : null}
      {vegetariana === 'si' ? <li className="recipe-veg">{t('content.recipes.vegetarian')}</li> : null}
    </ul>
  );
}
