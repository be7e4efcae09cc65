import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuIcon from '@mui/icons-material/Menu';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';

// The panels (Popover, Drawer, lists) load on first use: they stay out of the first JS chunk.
const loadPanels = () => import('./department-menu-panels');
const DepartmentMegaMenu = lazy(() => loadPanels().then((m) => ({ default: m.DepartmentMegaMenu })));
const DepartmentDrawer = lazy(() => loadPanels().then((m) => ({ default: m.DepartmentDrawer })));

/** md and up: "Reparti" opens a mega-menu (departments on the left, their categories on the right). */
export function DepartmentMenuButton() {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<MenuIcon />}
        endIcon={<ExpandMoreIcon />}
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
        sx={{ fontWeight: 700, minHeight: 44 }}
      >
        {t('header.departments')}
      </Button>
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
      <IconButton
        color="inherit"
        aria-label={t('header.departments')}
        aria-haspopup="dialog"
        aria-expanded={open}
        edge="start"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        data-testid="department-drawer-button"
        sx={{ width: 44, height: 44 }}
      >
        <MenuIcon />
      </IconButton>
      {loaded ? (
        <Suspense fallback={null}>
          <DepartmentDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
