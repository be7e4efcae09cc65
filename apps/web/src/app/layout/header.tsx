import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { Logo } from './logo';
import { Icon } from '../../components/icons';
import { SearchBox } from '../../features/catalogue/components/search-box';
import {
  DepartmentDrawerButton,
  DepartmentMenuButton,
} from '../../features/catalogue/components/department-menu-button';
import { useCategoryTree } from '../../features/catalogue/api/get-category-tree';
import { paths } from '../../lib/route-paths';
import '../../components/buttons.css';
import './layout.css';
import '../../features/delivery/components/service-indicator.css';

// the account button (login dialog, profile menu) is a lazy chunk; until it arrives, links to /login
const AccountButton = lazy(() =>
  import('../../features/account/components/account-button').then((m) => ({ default: m.AccountButton })),
);

// the service indicator (service, address or store, slot) is a lazy chunk too; its slot keeps its place
const ServiceIndicator = lazy(() =>
  import('../../features/delivery/components/service-indicator').then((m) => ({
    default: m.ServiceIndicator,
  })),
);

// the cart button (lines, total, drawer, cart dialogs) is a lazy chunk as well; until it arrives, links to /cart
const CartButton = lazy(() =>
  import('../../features/cart/components/cart-button').then((m) => ({ default: m.CartButton })),
);

function CartLinks() {
  const { t } = useTranslation();
  return (
    <>
      <RouterLink to="/cart" className="btn btn-contained only-md-up">
        <Icon name="cart" />
        {t('header.cart')}
      </RouterLink>
      <RouterLink
        to="/cart"
        aria-label={t('header.cart')}
        className="icon-btn header-cart-icon only-below-md"
      >
        <Icon name="cart" />
      </RouterLink>
    </>
  );
}

function LoginLinks() {
  const { t } = useTranslation();
  return (
    <>
      <RouterLink to="/login" className="btn only-md-up">
        <Icon name="person" />
        {t('header.login')}
      </RouterLink>
      <RouterLink to="/login" aria-label={t('header.login')} className="icon-btn only-below-md">
        <Icon name="person" />
      </RouterLink>
    </>
  );
}

function QuickDepartmentLinks() {
  const tree = useCategoryTree();
  return (
    <ul className="quick-links">
      {(tree.data ?? []).slice(0, 8).map((dept) => (
        <li key={dept.categoryId}>
          <RouterLink to={paths.category(dept.slug)} className="quick-link">
            {dept.name}
          </RouterLink>
        </li>
      ))}
    </ul>
  );
}

/** Plain elements and layout.css (no emotion): the header is on every page. */
export function Header() {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="page-container header-bar">
        <div className="header-drawer">
          <DepartmentDrawerButton />
        </div>
        <Logo />
        <div className="header-search">
          <SearchBox />
        </div>
        <div className="header-service">
          <Suspense fallback={null}>
            <ServiceIndicator />
          </Suspense>
        </div>
        <div className="header-actions">
          <Suspense fallback={<LoginLinks />}>
            <AccountButton />
          </Suspense>
          <Suspense fallback={<CartLinks />}>
            <CartButton />
          </Suspense>
        </div>
      </div>
      <nav aria-label={t('header.mainNav')} className="main-nav">
        <div className="page-container main-nav-bar">
          <DepartmentMenuButton />
          <QuickDepartmentLinks />
        </div>
      </nav>
    </header>
  );
}
