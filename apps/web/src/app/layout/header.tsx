import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { Logo } from './logo';
import { SearchBox } from '../../features/catalogue/components/search-box';
import {
  DepartmentDrawerButton,
  DepartmentMenuButton,
} from '../../features/catalogue/components/department-menu-button';
import { useCategoryTree } from '../../features/catalogue/api/get-category-tree';
import { paths } from '../../lib/route-paths';

// the account button (login dialog, profile menu) is a lazy chunk; until it arrives, links to /login
const AccountButton = lazy(() =>
  import('../../features/account/components/account-button').then((m) => ({ default: m.AccountButton })),
);

function LoginLinks() {
  const { t } = useTranslation();
  return (
    <>
      <Button
        component={RouterLink}
        to="/login"
        color="inherit"
        startIcon={<PersonOutline />}
        sx={{ display: { xs: 'none', md: 'inline-flex' }, minHeight: 44 }}
      >
        {t('header.login')}
      </Button>
      <IconButton
        component={RouterLink}
        to="/login"
        aria-label={t('header.login')}
        sx={{ display: { xs: 'inline-flex', md: 'none' }, width: 44, height: 44 }}
      >
        <PersonOutline />
      </IconButton>
    </>
  );
}

function QuickDepartmentLinks() {
  const tree = useCategoryTree();
  return (
    <Box
      component="ul"
      sx={{
        display: 'flex',
        gap: 0.5,
        listStyle: 'none',
        m: 0,
        p: 0,
        overflow: 'hidden',
        flexWrap: 'wrap',
        height: 44,
      }}
    >
      {(tree.data ?? []).slice(0, 8).map((dept) => (
        <li key={dept.categoryId}>
          <Link
            component={RouterLink}
            to={paths.category(dept.slug)}
            color="inherit"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              height: 44,
              px: 1.25,
              fontSize: 15,
              whiteSpace: 'nowrap',
            }}
          >
            {dept.name}
          </Link>
        </li>
      ))}
    </Box>
  );
}

export function Header() {
  const { t } = useTranslation();
  return (
    <Box
      component="header"
      sx={{
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        position: 'sticky',
        top: 0,
        zIndex: (th) => th.zIndex.appBar,
      }}
    >
      <Container
        maxWidth="xl"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 1, sm: 2 },
          py: 1,
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
        }}
      >
        <Box sx={{ display: { xs: 'inline-flex', md: 'none' } }}>
          <DepartmentDrawerButton />
        </Box>
        <Logo />
        <Box
          sx={{
            order: { xs: 3, sm: 0 },
            flexBasis: { xs: '100%', sm: 'auto' },
            flex: { sm: 1 },
            display: 'flex',
            justifyContent: 'center',
          }}
        >
          <SearchBox />
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto' }}>
          <Suspense fallback={<LoginLinks />}>
            <AccountButton />
          </Suspense>
          <Button
            component={RouterLink}
            to="/cart"
            variant="contained"
            startIcon={<ShoppingCartOutlined />}
            sx={{ display: { xs: 'none', md: 'inline-flex' }, minHeight: 44 }}
          >
            {t('header.cart')}
          </Button>
          <IconButton
            component={RouterLink}
            to="/cart"
            aria-label={t('header.cart')}
            sx={{ display: { xs: 'inline-flex', md: 'none' }, width: 44, height: 44, color: 'primary.dark' }}
          >
            <ShoppingCartOutlined />
          </IconButton>
        </Box>
      </Container>
      <Box
        component="nav"
        aria-label={t('header.mainNav')}
        sx={{ display: { xs: 'none', md: 'block' }, bgcolor: 'primary.dark', color: '#fff' }}
      >
        <Container maxWidth="xl" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <DepartmentMenuButton />
          <QuickDepartmentLinks />
        </Container>
      </Box>
    </Box>
  );
}
