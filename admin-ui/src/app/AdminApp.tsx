import { BrowserRouter, Route } from 'react-router';
import {
  Admin,
  CustomRoutes,
  defaultLightTheme,
  type I18nProvider,
  type RaThemeOptions,
  type Store,
} from 'react-admin';
import { deepmerge } from '@mui/utils';
import { routesFor } from '@stageplein/contracts/routes/route-manifest';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import { muiThemeOptions } from '../theme/mui-theme.ts';
import { AdminLayout } from './AdminLayout.tsx';
import { Dashboard } from './Dashboard.tsx';
import { NotFound } from './NotFound.tsx';
import { PlaceholderPage } from './PlaceholderPage.tsx';
import { TenantContext } from './tenant-context.ts';

// Until the resources (src/resources/) take them over, every admin row of the manifest is a
// placeholder page at its spec path.
const ADMIN_ROUTES = routesFor('admin');

export interface TAdminAppProps {
  tenant: TTenant;
  i18nProvider: I18nProvider;
  store: Store;
}

export function AdminApp({ tenant, i18nProvider, store }: TAdminAppProps) {
  const theme: RaThemeOptions = deepmerge(deepmerge(defaultLightTheme, muiThemeOptions(tenant.theme)), {
    // Room for the longest Dutch menu label ("Organisaties goedkeuren").
    sidebar: { width: 264, closedWidth: 50 },
  });
  return (
    <TenantContext.Provider value={tenant}>
      {/* Browser history at the root paths (react-admin would default to a hash router). */}
      <BrowserRouter>
        <Admin
          title={tenant.appName}
          dashboard={Dashboard}
          layout={AdminLayout}
          catchAll={NotFound}
          i18nProvider={i18nProvider}
          store={store}
          theme={theme}
          darkTheme={null}
          disableTelemetry
        >
          <CustomRoutes>
            {ADMIN_ROUTES.map((route) => (
              <Route key={route.path} path={route.path} element={<PlaceholderPage route={route} />} />
            ))}
          </CustomRoutes>
        </Admin>
      </BrowserRouter>
    </TenantContext.Provider>
  );
}
