import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast-store';
import { getAuthState } from '../../../lib/auth-state';
import { openLoginDialog } from '../../../lib/login-dialog-store';
import { addToList } from '../../lists/api/add-to-list';
import { createList } from '../../lists/api/create-list';
import { getList } from '../../lists/api/get-list';
import { getLists } from '../../lists/api/get-lists';
import { listKeys } from '../../lists/api/query-keys';

/** The name of a leaflet's shopping list (the lists module's list names hold at most 60 characters). */
export const leafletListName = (title: string) => `Volantino: ${title}`.slice(0, 60);

/**
 * "Aggiungi alla lista del volantino" (spec section 4, "Leaflet list"): the product goes once into the
 * customer's list of this leaflet (made on the first add), through the lists API; a second add only says it
 * is already there. A visitor signs in first.
 */
export function useAddToLeafletList(title: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (product: Product): Promise<'added' | 'already'> => {
      const name = leafletListName(title);
      const own = (await getLists()).personalList.find(
        (l) => l.name === name && l.sharingData.grant === 'OWNER',
      );
      const listId = own ? own.listId : (await createList(name)).listId;
      const view = await getList(listId);
      const items = [...view.wishlistItems, ...view.wishlistInactiveItems];
      if (items.some((i) => i.product.productId === product.productId)) return 'already';
      await addToList({ listId, items: [{ productId: product.productId, quantity: 1 }] });
      return 'added';
    },
    onSuccess: (outcome, product) => {
      void queryClient.invalidateQueries({ queryKey: listKeys.lists() });
      showToast(
        t(outcome === 'added' ? 'leaflets.listAdded' : 'leaflets.listAlready', { name: product.name }),
        outcome === 'added' ? 'success' : 'info',
      );
    },
    onError: () => showToast(t('leaflets.listError'), 'error'),
  });
}

/** Signs the visitor in first (true when the add can go on). */
export function ensureSignedIn(): boolean {
  if (getAuthState().status === 'authenticated') return true;
  openLoginDialog();
  return false;
}
