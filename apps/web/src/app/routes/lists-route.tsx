import { ListDetail } from '../../features/lists/components/list-detail';
import { ListsPage } from '../../features/lists/components/lists-page';

/** /profile/lists (inside the guarded customer area; decision 035). */
export function ListsRoute() {
  return <ListsPage />;
}

/** /profile/lists/:listId */
export function ListDetailRoute() {
  return <ListDetail />;
}
