import { Suspense, useId, useState } from 'react';
import { lazyWithMuiTheme } from '../../../components/lazy-with-mui-theme';
import { useTranslation } from '../../../lib/i18n';
import { Icon } from '../../../components/icons';

// The panels (Popover, Drawer, lists) load on first use: they stay out of the first JS chunk.
const loadPanels = () => import('./department-menu-panels');
const DepartmentMegaMenu = lazyWithMuiTheme(() =>
  loadPanels().then((m) => ({ default: m.DepartmentMegaMenu })),
);
const DepartmentDrawer = lazyWithMuiTheme(() => loadPanels().then((m) => ({ default: m.DepartmentDrawer })));

/** md and up: "Reparti" opens a mega-menu (departments on the left, their categories on the right). */
export function DepartmentMenuButton() {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn department-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onMouseEnter={() => void loadPanels()}
        onFocus={() => void loadPanels()}
        onClick={(e) => {
          setAnchorEl(e.currentTarget);
          setLoaded(true);
          setOpen((o) => !o);
        }}
        data-testid="department-menu-button"
      >
        <Icon name="menu" />
        {t('header.departments')}
        <Icon name="expandMore" />
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <DepartmentMegaMenu id={menuId} anchorEl={anchorEl} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Small screens: the hamburger opens a drawer with the department tree. */
export function DepartmentDrawerButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('header.departments')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        data-testid="department-drawer-button"
      >
        <Icon name="menu" />
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <DepartmentDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
