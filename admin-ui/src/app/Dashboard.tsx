import { Link as RouterLink } from 'react-router';
import { Title, useTranslate } from 'react-admin';
import { Box, Button, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { routesFor } from '@stageplein/contracts/routes/route-manifest';
import { adminSections } from './admin-routes.ts';
import { sectionIcon } from './section-icons.tsx';
import { useTenant } from './tenant-context.ts';
import { useDocumentTitle } from './use-document-title.ts';

const SECTIONS = adminSections(routesFor('admin'));

/** The admin home: the tenant's name and slogan in its colours, and the back-office sections. */
export function Dashboard() {
  const translate = useTranslate();
  const tenant = useTenant();
  const title = translate('routes.dashboard');
  useDocumentTitle(title);
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
          <Box sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            <Button
              component={RouterLink}
              to="/organizations/approve"
              variant="contained"
              color="inherit"
              size="large"
              sx={{ color: 'grey.900', bgcolor: '#ffffff' }}
            >
              {translate('routes.organizations.approve')}
            </Button>
          </Box>
        </CardContent>
      </Card>
      <Box
        component="ul"
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
        {SECTIONS.map((section) => {
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
