import { useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import CloseIcon from '@mui/icons-material/Close';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { Category } from '@spesa/shared/contracts/catalogue';
import { useCategoryTree } from '../api/get-category-tree';
import { paths } from '../../../lib/route-paths';

function emojiOf(c: Category): string {
  return c.metaData?.category_info?.EMOJI ?? '';
}

function TreeState({ children }: { children: (tree: Category[]) => React.ReactNode }) {
  const { t } = useTranslation();
  const tree = useCategoryTree();
  if (tree.isPending) {
    return (
      <Box sx={{ p: 3, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label={t('app.loading')} size={28} />
      </Box>
    );
  }
  if (tree.isError) return <Typography sx={{ p: 2 }}>{t('header.menuError')}</Typography>;
  return <>{children(tree.data)}</>;
}

interface MegaMenuProps {
  id: string;
  anchorEl: HTMLElement | null;
  open: boolean;
  onClose: () => void;
}

/**
 * Mega-menu: a menu of departments (Up/Down move, Right or Enter on the arrow enters the panel) and
 * the active department's categories as links. Escape closes and returns focus to the button.
 */
export function DepartmentMegaMenu({ id, anchorEl, open, onClose }: MegaMenuProps) {
  const { t } = useTranslation();
  const [activeId, setActiveId] = useState<number | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  function focusPanel(e: KeyboardEvent) {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      panelRef.current?.querySelector<HTMLElement>('a')?.focus();
    }
  }

  return (
    <Popover
      id={id}
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{
        paper: { sx: { width: 'min(1000px, calc(100vw - 32px))', maxHeight: '75vh', display: 'flex' } },
      }}
    >
      <TreeState>
        {(tree) => {
          const active = tree.find((d) => d.categoryId === activeId) ?? tree[0];
          return (
            <Box
              component="nav"
              aria-label={t('header.departmentsMenu')}
              sx={{ display: 'flex', width: '100%', minHeight: 0 }}
            >
              <MenuList
                autoFocusItem={open}
                aria-label={t('header.departments')}
                sx={{ width: 280, flexShrink: 0, overflowY: 'auto', borderRight: 1, borderColor: 'divider' }}
              >
                {tree.map((dept) => (
                  <MenuItem
                    key={dept.categoryId}
                    component={RouterLink}
                    to={paths.category(dept.slug)}
                    onClick={onClose}
                    onFocus={() => setActiveId(dept.categoryId)}
                    onMouseEnter={() => setActiveId(dept.categoryId)}
                    onKeyDown={focusPanel}
                    selected={active?.categoryId === dept.categoryId}
                    aria-haspopup={dept.categories?.length ? 'true' : undefined}
                    sx={{ minHeight: 40, gap: 1 }}
                  >
                    <span aria-hidden>{emojiOf(dept)}</span>
                    <ListItemText>{dept.name}</ListItemText>
                    {dept.categories?.length ? <ChevronRight fontSize="small" aria-hidden /> : null}
                  </MenuItem>
                ))}
              </MenuList>
              {active ? (
                <Box
                  ref={panelRef}
                  sx={{ flex: 1, p: 2, overflowY: 'auto' }}
                  onKeyDown={(e) => {
                    if (e.key === 'ArrowLeft') {
                      e.preventDefault();
                      const items = document
                        .getElementById(id)
                        ?.querySelectorAll<HTMLElement>('[role="menuitem"]');
                      const idx = tree.findIndex((d) => d.categoryId === active.categoryId);
                      items?.[idx]?.focus();
                    }
                  }}
                >
                  <Link
                    component={RouterLink}
                    to={paths.category(active.slug)}
                    onClick={onClose}
                    variant="h3"
                    sx={{ display: 'inline-block', mb: 1.5, fontWeight: 700 }}
                  >
                    {t('header.allOfDepartment', { name: active.name })}
                  </Link>
                  <Box sx={{ columnWidth: 220, columnGap: 3 }}>
                    {(active.categories ?? []).map((cat) => (
                      <Box key={cat.categoryId} sx={{ breakInside: 'avoid', mb: 2 }}>
                        <Link
                          component={RouterLink}
                          to={paths.category(cat.slug)}
                          onClick={onClose}
                          sx={{ fontWeight: 700, display: 'inline-block', py: 0.5 }}
                        >
                          {cat.name}
                        </Link>
                        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                          {(cat.categories ?? []).map((sub) => (
                            <li key={sub.categoryId}>
                              <Link
                                component={RouterLink}
                                to={paths.category(sub.slug)}
                                onClick={onClose}
                                color="text.primary"
                                sx={{ display: 'inline-block', py: 0.5, fontSize: 14 }}
                              >
                                {sub.name}
                              </Link>
                            </li>
                          ))}
                        </Box>
                      </Box>
                    ))}
                  </Box>
                </Box>
              ) : null}
            </Box>
          );
        }}
      </TreeState>
    </Popover>
  );
}

/** Drawer for small screens: departments expand to show their categories. */
export function DepartmentDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<number | null>(null);
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 'min(360px, 88vw)' } } }}>
      <Box component="nav" aria-label={t('header.departmentsMenu')}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
          <Typography component="h2" variant="h2">
            {t('header.departments')}
          </Typography>
          <IconButton onClick={onClose} aria-label={t('header.closeMenu')}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        <TreeState>
          {(tree) => (
            <List disablePadding>
              {tree.map((dept) => {
                const isOpen = expanded === dept.categoryId;
                const regionId = `drawer-dept-${dept.categoryId}`;
                return (
                  <li key={dept.categoryId}>
                    <ListItemButton
                      onClick={() => setExpanded(isOpen ? null : dept.categoryId)}
                      aria-expanded={isOpen}
                      aria-controls={regionId}
                      sx={{ minHeight: 48, gap: 1 }}
                    >
                      <span aria-hidden>{emojiOf(dept)}</span>
                      <ListItemText primary={dept.name} />
                      {isOpen ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
                    </ListItemButton>
                    <Collapse in={isOpen} id={regionId} unmountOnExit>
                      <List disablePadding dense>
                        <ListItemButton
                          component={RouterLink}
                          to={paths.category(dept.slug)}
                          onClick={onClose}
                          sx={{ pl: 6, minHeight: 40 }}
                        >
                          <ListItemText
                            primary={t('header.allOfDepartment', { name: dept.name })}
                            slotProps={{ primary: { sx: { fontWeight: 700 } } }}
                          />
                        </ListItemButton>
                        {(dept.categories ?? []).map((cat) => (
                          <ListItemButton
                            key={cat.categoryId}
                            component={RouterLink}
                            to={paths.category(cat.slug)}
                            onClick={onClose}
                            sx={{ pl: 6, minHeight: 40 }}
                          >
                            <ListItemText primary={cat.name} />
                          </ListItemButton>
                        ))}
                      </List>
                    </Collapse>
                  </li>
                );
              })}
            </List>
          )}
        </TreeState>
      </Box>
    </Drawer>
  );
}
