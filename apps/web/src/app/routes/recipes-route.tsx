import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { ApiError } from '../../lib/http';
import { NotFoundContent } from '../../components/not-found-content';
import { PageBreadcrumbs } from '../../components/page-breadcrumbs';
import { PageLoading } from '../../components/page-loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { usePost, usePosts } from '../../features/content/api/get-posts';
import { ContentHtml } from '../../features/content/components/content-html';
import { RecipeFacts } from '../../features/content/components/recipe-facts';
import { htmlToText } from '../../features/content/components/safe-html';
import { useMetaDescription } from '../../features/content/hooks/use-meta-description';
import '../../features/content/i18n';
import '../../features/content/components/recipes.css';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COURSES = ['primi', 'secondi', 'contorni', 'dolci'] as const;

/**
 * /ricette: the content store's recipes (decision 056), newest first, 10 per page; by course and with the
 * "easy" and "vegetarian" filters, all kept in the address (?portata=primi&facili=1&vegetariane=1&pagina=2).
 */
export function RecipesRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('content.recipes.title'));
  const [search, setSearch] = useSearchParams();
  const course = COURSES.find((c) => c === search.get('portata'));
  const easy = search.get('facili') === '1';
  const veg = search.get('vegetariane') === '1';
  const page = Math.max(1, Math.min(1000, Number(search.get('pagina')) || 1));
  const filters = [easy ? 'difficolta:facile' : '', veg ? 'vegetariana:si' : ''].filter(Boolean).join(',');
  const posts = usePosts('ricette', { term: course, filters: filters || undefined, page });

  /** the address of the list with some of its settings changed (back to page 1) */
  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    next.delete('pagina');
    for (const [k, v] of Object.entries(changes))
      if (v === null) next.delete(k);
      else next.set(k, v);
    const q = next.toString();
    return q ? `?${q}` : '.';
  };
  const toggle = (key: string, on: boolean) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      next.delete('pagina');
      if (on) next.set(key, '1');
      else next.delete(key);
      return next;
    });
  const pageHref = (p: number) => hrefWith({ pagina: p === 1 ? null : String(p) });
  const data = posts.data;
  return (
    <div className="recipes-page">
      <PageBreadcrumbs items={[{ label: t('content.recipes.title') }]} />
      <h1>{t('content.recipes.title')}</h1>
      <p>{t('content.recipes.intro')}</p>
      <fieldset className="recipes-filters">
        <legend>{t('content.recipes.filtersLegend')}</legend>
        <ul className="recipes-courses" aria-label={t('content.recipes.coursesLabel')}>
          <li>
            <RouterLink to={hrefWith({ portata: null })} aria-current={course ? undefined : 'true'}>
              {t('content.recipes.allCourses')}
            </RouterLink>
          </li>
          {COURSES.map((c) => (
            <li key={c}>
              <RouterLink to={hrefWith({ portata: c })} aria-current={course === c ? 'true' : undefined}>
                {t(`content.recipes.course.${c}`)}
              </RouterLink>
            </li>
          ))}
        </ul>
        <div className="recipes-toggles">
          <label>
            <input type="checkbox" checked={easy} onChange={(e) => toggle('facili', e.target.checked)} />
            {t('content.recipes.onlyEasy')}
          </label>
          <label>
            <input type="checkbox" checked={veg} onChange={(e) => toggle('vegetariane', e.target.checked)} />
            {t('content.recipes.onlyVegetarian')}
          </label>
        </div>
      </fieldset>
      {posts.isPending ? <PageLoading /> : null}
      {posts.isError ? <p role="alert">{t('content.recipes.loadError')}</p> : null}
      {data ? (
        <>
          <p role="status">{t('content.recipes.count', { count: data.total })}</p>
          {data.posts.length > 0 ? (
            <ul className="recipes-list">
              {data.posts.map((r) => (
                <li key={r.id}>
                  <article className="recipe-card">
                    <h2>
                      <RouterLink to={r.link}>{htmlToText(r.title.rendered)}</RouterLink>
                    </h2>
                    <RecipeFacts recipe={r} />
                    <p>{htmlToText(r.excerpt.rendered)}</p>
                  </article>
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('content.recipes.none')}</p>
          )}
          {data.totalPages > 1 ? (
            <nav className="recipes-pager" aria-label={t('content.recipes.pages')}>
              {page > 1 ? (
                <RouterLink to={pageHref(page - 1)}>{t('content.recipes.previousPage')}</RouterLink>
              ) : (
                <span />
              )}
              <span>{t('content.recipes.pageOf', { page, pages: data.totalPages })}</span>
              {page < data.totalPages ? (
                <RouterLink to={pageHref(page + 1)}>{t('content.recipes.nextPage')}</RouterLink>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** /ricette/:slug: one recipe with the older and the newer one; an unknown slug shows the not-found page. */
export function RecipeRoute() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const valid = SLUG.test(slug);
  const recipe = usePost('ricette', slug, valid);
  const notFound = !valid || (recipe.error instanceof ApiError && recipe.error.isNotFound);
  const r = recipe.data;
  useDocumentTitle(notFound ? t('notFound.title') : r ? htmlToText(r.title.rendered) : null);
  useMetaDescription(r ? htmlToText(r.excerpt.rendered) : undefined);
  if (notFound) return <NotFoundContent />;
  if (recipe.isPending) return <PageLoading />;
  if (!r)
    return (
      <div className="recipe-page">
        <h1>{t('error.title')}</h1>
        <p>{t('content.errorText')}</p>
      </div>
    );
  return (
    <article className="recipe-page">
      <PageBreadcrumbs
        items={[
          { label: t('content.recipes.title'), to: '/ricette' },
          { label: htmlToText(r.title.rendered) },
        ]}
      />
      <h1>{htmlToText(r.title.rendered)}</h1>
      <p>{htmlToText(r.excerpt.rendered)}</p>
      <RecipeFacts recipe={r} />
      <ContentHtml html={r.content.rendered} />
      {r.previous || r.next ? (
        <nav className="recipe-nav" aria-label={t('content.recipes.otherRecipes')}>
          {r.previous ? (
            <RouterLink to={r.previous.link} className="recipe-nav-previous">
              <span>{t('content.recipes.previousRecipe')}</span>
              {htmlToText(r.previous.title.rendered)}
            </RouterLink>
          ) : (
            <span />
          )}
          {r.next ? (
            <RouterLink to={r.next.link} className="recipe-nav-next">
              <span>{t('content.recipes.nextRecipe')}</span>
              {htmlToText(r.next.title.rendered)}
            </RouterLink>
          ) : null}
        </nav>
      ) : null}
    </article>
  );
}
