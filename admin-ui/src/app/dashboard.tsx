import { Link as RouterLink } from 'react-router';
import { Title, useGetList, useTranslate } from 'react-admin';
import { Box, Button, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { ADMIN_PLACEHOLDER_PATHS, routesFor } from '@stageplein/contracts/routes/route-manifest';
import { adminSections, visibleSections } from './admin-routes.ts';
import { adminPath } from './paths.ts';
import { sectionIcon } from './section-icons.tsx';
import { useAdminPermissions, useCan } from './session-context.ts';
import { useTenant } from './tenant-context.ts';

// Cards lead only to screens that exist (issue #13); the menu still lists the marked placeholders.
const SECTIONS = adminSections(routesFor('admin')).filter((r) => !ADMIN_PLACEHOLDER_PATHS.includes(r.path));

/** How many organizations wait for this moderator (one row asked; `meta.total` counts them). */
function usePendingCount(enabled: boolean): number | undefined {
  const { total } = useGetList(
    'organizations',
    {
      filter: { statusEq: 'pending' },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'name', order: 'ASC' },
    },
    { enabled },
  );
  return enabled ? total : undefined;
}

/**
 * The back office's home at /beheer (its own manifest row: "/" is the portal's): the tenant's name
 * and slogan in its colours, the approval queue for moderators, and the sections this user may open.
 */
export function Dashboard() {
  const translate = useTranslate();
  const tenant = useTenant();
  const permissions = useAdminPermissions();
  const canApprove = useCan('organizations', 'approve');
  const pending = usePendingCount(canApprove);
  const sections = visibleSections(SECTIONS, permissions);
  const title = translate('routes.admin.home');
  return (
    <Box sx={{ py: { xs: 2, sm: 3 } }}>
      <Title title={title} />
      <Card
        component="section"
        aria-labelledby="dashboard-app-name"
        sx={{
          mb: 3,
          color: '#ffffff',
          // The readable (`dark`) shades, so white text passes AA across the whole gradient.
          background: (theme) =>
            `linear-gradient(120deg, ${theme.palette.primary.dark} 0%, ${theme.palette.secondary.dark} 100%)`,
          borderTop: 6,
          borderColor: 'primary.main',
        }}
      >
        <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
          <Typography
            id="dashboard-app-name"
            variant="h3"
            component="h2"
            data-testid="app-name"
            sx={{ fontWeight: 800, fontSize: { xs: '2rem', sm: '3rem' }, mb: 1 }}
          >
            {tenant.appName}
          </Typography>
          <Typography data-testid="slogan" lang="nl" sx={{ fontSize: { xs: '1.125rem', sm: '1.375rem' } }}>
            {tenant.slogan}
          </Typography>
          <Typography sx={{ mt: 2, opacity: 0.95 }}>{translate('admin.home.intro')}</Typography>
          {canApprove && (
            <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
              <Button
                component={RouterLink}
                to={adminPath.approve}
                variant="contained"
                color="inherit"
                size="large"
                data-testid="pending-approvals"
                sx={{ color: 'grey.900', bgcolor: '#ffffff' }}
              >
                {pending
                  ? translate('admin.home.pending', { smart_count: pending })
                  : translate('routes.organizations.approve')}
              </Button>
            </Box>
          )}
        </CardContent>
      </Card>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {translate('admin.home.sections')}
      </Typography>
      <Box
        component="ul"
        data-testid="dashboard-sections"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(auto-fill, minmax(14rem, 1fr))',
          },
        }}
      >
        {sections.map((section) => {
          const Icon = sectionIcon(section.path);
          return (
            <li key={section.path}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={section.path} sx={{ height: '100%' }}>
                  <CardContent
                    sx={{
                      display: 'flex',
                      flexDirection: { xs: 'column', sm: 'row' },
                      alignItems: { xs: 'flex-start', sm: 'center' },
                      gap: { xs: 1.5, sm: 2 },
                    }}
                  >
                    <Box
                      sx={{
                        display: 'grid',
                        placeItems: 'center',
                        width: 44,
                        height: 44,
                        borderRadius: '50%',
                        bgcolor: 'primary.light',
                        color: 'primary.dark',
                        flexShrink: 0,
                      }}
                    >
                      <Icon aria-hidden="true" />
                    </Box>
                    <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {translate(section.titleKey)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
