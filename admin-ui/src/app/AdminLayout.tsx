import type { ReactNode } from 'react';
import {
  AppBar,
  Layout,
  LoadingIndicator,
  LocalesMenuButton,
  Menu,
  TitlePortal,
  useTranslate,
} from 'react-admin';
import { Box, Typography } from '@mui/material';
import { routesFor } from '@stageplein/contracts/routes/route-manifest';
import { adminSections } from './admin-routes.ts';
import { sectionIcon } from './section-icons.tsx';
import { useTenant } from './tenant-context.ts';

const SECTIONS = adminSections(routesFor('admin'));

/** react-admin's language menu and refresh button, compact on phones (no dark-mode toggle yet). */
const toolbar = (
  <Box
    sx={{
      display: 'flex',
      alignItems: 'center',
      flexShrink: 0,
      '& .MuiButton-root': { minWidth: 0, px: { xs: 1, sm: 1.5 } },
      '& .MuiButton-endIcon': { display: { xs: 'none', sm: 'inherit' } },
    }}
  >
    <LocalesMenuButton />
    <LoadingIndicator />
  </Box>
);

/** App bar: the tenant's app name, then the page title (the page's h1, filled by `<Title>`). */
function AdminAppBar() {
  const { appName } = useTenant();
  return (
    <AppBar toolbar={toolbar}>
      <Typography
        component="span"
        variant="h6"
        data-testid="appbar-app-name"
        sx={{
          fontWeight: 700,
          fontSize: { xs: '1.0625rem', sm: '1.25rem' },
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          minWidth: 0,
          flex: { xs: '0 1 auto', sm: '0 0 auto' },
          mr: { xs: 0, sm: 2 },
        }}
      >
        {appName}
      </Typography>
      <Box
        aria-hidden="true"
        sx={{
          display: { xs: 'none', sm: 'block' },
          width: '1px',
          alignSelf: 'stretch',
          my: 1.5,
          mr: 2,
          bgcolor: 'currentColor',
          opacity: 0.4,
        }}
      />
      <TitlePortal
        component="h1"
        sx={(theme) => ({
          fontSize: '1.125rem',
          fontWeight: 500,
          // On phones only the app name shows; the title stays for assistive technology.
          [theme.breakpoints.down('sm')]: {
            position: 'absolute',
            width: '1px',
            height: '1px',
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
            whiteSpace: 'nowrap',
          },
        })}
      />
      <Box sx={{ flex: { xs: 1, sm: 0 } }} />
    </AppBar>
  );
}

function AdminMenu() {
  const translate = useTranslate();
  return (
    <Menu>
      <Menu.DashboardItem />
      {SECTIONS.map((section) => {
        const Icon = sectionIcon(section.path);
        return (
          <Menu.Item
            key={section.path}
            to={section.path}
            primaryText={translate(section.titleKey)}
            leftIcon={<Icon />}
          />
        );
      })}
    </Menu>
  );
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu}>
      {children}
    </Layout>
  );
}
