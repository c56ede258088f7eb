import { Fragment, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import {
  Layout,
  Loading,
  LoadingIndicator,
  LocalesMenuButton,
  Logout,
  ToggleThemeButton,
  Menu,
  SidebarToggleButton,
  TitlePortal,
  UserMenu,
  useGetIdentity,
  useTranslate,
} from 'react-admin';
import {
  Alert,
  Box,
  Button,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Typography,
  useTheme,
} from '@mui/material';
import { AppHeader } from '@stageplein/design-system/navigation/app-header.tsx';
import { applyCssVariables } from '@stageplein/contracts/tenants/theme-css-variables';
import { designTokens } from '@stageplein/design-system/tokens/design-tokens.ts';
import HomeIcon from '@mui/icons-material/Home';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  matchRoute,
  NO_ORGANIZATION_PATH,
  routesFor,
  SIGN_OUT_PATH,
} from '@stageplein/contracts/routes/route-manifest';
import { pageTitle } from '@stageplein/contracts/tenants/tenant-registry';
import { hasBackOffice } from '../providers/access.ts';
import { statusOf } from '../providers/http-client.ts';
import { Forbidden } from '../ui/error-panel.tsx';
import { adminSections, visibleSections } from './admin-routes.ts';
import { hardNavigate } from '@stageplein/contracts/client/hard-navigation';
import { AdminFooter } from './admin-footer.tsx';
import { OrganizationSwitcher } from './organization-switcher.tsx';
import { adminPath, portalPath } from './paths.ts';
import { sectionIcon } from './section-icons.tsx';
import { useAdminPermissions, useSession, useSessionSnapshot } from './session-context.ts';
import { useTenant } from './tenant-context.ts';

const ADMIN_ROUTES = routesFor('admin');
const SECTIONS = adminSections(ADMIN_ROUTES);

/** react-admin's language menu, light/dark toggle and refresh button, compact on phones. */
const toolbar = (
  <Box
    sx={{
      display: 'flex',
      alignItems: 'center',
      flexShrink: 0,
      '& .MuiButton-root': { minWidth: 0, px: { xs: 1, sm: 1.5 } },
      '& .MuiButton-endIcon': { display: { xs: 'none', lg: 'inherit' } },
      // Below lg only the language icon shows (the name stays for assistive technology).
      '& .MuiButton-root:has(.MuiButton-startIcon)': { fontSize: { xs: 0, lg: '0.875rem' } },
      '& .MuiButton-startIcon': { mr: { xs: 0, lg: 1 }, ml: { xs: 0, lg: -0.5 } },
    }}
  >
    <LocalesMenuButton />
    <ToggleThemeButton />
    <LoadingIndicator />
  </Box>
);

/** The portal is a full page load away (the gateway serves it). */
function PortalMenuItem() {
  const translate = useTranslate();
  return (
    <MenuItem component="a" href={portalPath.dashboard}>
      <ListItemIcon>
        <OpenInNewIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('admin.toPortal')}</ListItemText>
    </MenuItem>
  );
}

/**
 * The user menu's accessible name is the visible name (WCAG 2.5.3 "label in name"): react-admin
 * would label the button "Profile" while it shows the user's name.
 */
function AdminUserMenu() {
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  return (
    <UserMenu
      label={
        identity?.fullName ? `${translate('ra.auth.user_menu')}: ${identity.fullName}` : 'ra.auth.user_menu'
      }
    >
      <PortalMenuItem />
      <Logout />
    </UserMenu>
  );
}

const userMenu = <AdminUserMenu />;

/** The back office's colours as CSS variables too: the shared header and date field are styled by them. */
function useTokenVariables() {
  const tenant = useTenant();
  const mode = useTheme().palette.mode;
  useEffect(() => {
    applyCssVariables(document.documentElement, designTokens(tenant.theme, mode).cssVariables);
    // The browser's own controls (the date field's calendar button and popup) in the same mode.
    document.documentElement.style.colorScheme = mode;
  }, [tenant.theme, mode]);
}

/**
 * The design system's header, as in the portal: the drawer button, the tenant's app name, the page
 * title (h1), the organization picker, language, colour mode and the user menu.
 */
function AdminAppBar() {
  const { appName } = useTenant();
  useTokenVariables();
  return (
    <AppHeader
      width="full"
      start={<SidebarToggleButton />}
      brand={
        <span className="site-header__brand" data-testid="appbar-app-name">
          {appName}
        </span>
      }
      middle={
        <TitlePortal
          component="h1"
          sx={(theme) => ({
            fontSize: '1.125rem',
            fontWeight: 500,
            flex: '0 1 auto',
            minWidth: 0,
            ml: 1,
            pl: 2,
            borderLeft: `1px solid ${theme.palette.divider}`,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            // On phones only the app name shows; the title stays for assistive technology.
            [theme.breakpoints.down('md')]: {
              position: 'absolute',
              width: '1px',
              height: '1px',
              overflow: 'hidden',
              clip: 'rect(0 0 0 0)',
              whiteSpace: 'nowrap',
            },
          })}
        />
      }
      actions={
        <>
          <Box sx={{ display: { xs: 'none', sm: 'flex' }, mr: 1 }}>
            <OrganizationSwitcher variant="appbar" />
          </Box>
          {toolbar}
          {userMenu}
        </>
      }
    />
  );
}

function AdminMenu() {
  const translate = useTranslate();
  const permissions = useAdminPermissions();
  const sections = visibleSections(SECTIONS, permissions);
  return (
    <Menu>
      {/* On phones the switcher lives in the drawer: the app bar has no room for it. */}
      <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
        <OrganizationSwitcher variant="menu" />
      </Box>
      {hasBackOffice(permissions) && (
        <Menu.Item to={adminPath.home} primaryText={translate('routes.admin.home')} leftIcon={<HomeIcon />} />
      )}
      {sections.map((section) => {
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

/**
 * Loads the session before any screen: a 401 goes to the sign-out route and organizations that
 * cannot be loaded to /auth/no-organization (spec §8); users without back-office rights at the
 * selected organization (students) get "Access forbidden". Screens are re-keyed by the organization
 * (spec §2: "the page is re-keyed when the selected organization changes").
 */
function SessionGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const snapshot = useSessionSnapshot();
  const translate = useTranslate();
  useEffect(() => {
    session.load().catch(() => undefined);
  }, [session]);
  const failedStatus = snapshot.status === 'error' ? statusOf(snapshot.error) : undefined;
  const noOrganization = snapshot.status === 'ready' && !snapshot.organization;
  useEffect(() => {
    if (failedStatus === 401) hardNavigate(SIGN_OUT_PATH);
    else if (failedStatus !== undefined || noOrganization) hardNavigate(NO_ORGANIZATION_PATH);
  }, [failedStatus, noOrganization]);

  if (snapshot.status !== 'ready' || noOrganization) return <Loading />;
  if (!hasBackOffice(snapshot.permissions)) {
    return (
      <Forbidden>
        <Typography sx={{ mb: 2 }} data-testid="no-back-office">
          {translate('admin.noBackOffice.hint')}
        </Typography>
        <Button href={portalPath.dashboard} variant="contained" color="secondary">
          {translate('admin.noBackOffice.toPortal')}
        </Button>
      </Forbidden>
    );
  }
  return (
    <Fragment key={snapshot.organization!.id}>
      {snapshot.permissions.impersonating && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('admin.impersonating')}
        </Alert>
      )}
      {children}
    </Fragment>
  );
}

/** `document.title` = "{route title} - {app name}" for every admin path (spec §1). */
function RouteDocumentTitle() {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const { appName } = useTenant();
  const route = matchRoute(pathname, ADMIN_ROUTES)?.route;
  const title = route ? translate(route.titleKey) : undefined;
  // Paths in no admin row keep the title their own screen sets (the 404 page).
  useEffect(() => {
    if (title !== undefined) document.title = pageTitle(title, appName);
  }, [title, appName]);
  return null;
}

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout
      appBar={AdminAppBar}
      menu={AdminMenu}
      // The shared header is sticky in the page's flow, not react-admin's fixed, hiding app bar. The
      // layout is the screen's width, not its widest table's (react-admin's `fit-content`, and a flex
      // item's content width): a wide table scrolls inside its own frame, never the page (the data
      // viewer's fourteen columns, issue #30).
      sx={{
        minWidth: 0,
        '& .RaLayout-appFrame': { mt: 0 },
        '& .RaSidebar-appBarCollapsed': { mt: 0 },
        '& .RaLayout-content, & .RaList-main': { minWidth: 0 },
      }}
    >
      <RouteDocumentTitle />
      <SessionGate>
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </SessionGate>
      <AdminFooter />
    </Layout>
  );
}
