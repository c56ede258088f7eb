import { useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Title, useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { matchRoute } from '@stageplein/contracts/routes/route-manifest';
import { hardNavigate } from '@stageplein/contracts/client/hard-navigation';
import { useDocumentTitle } from './use-document-title.ts';

/** Portal paths reached inside the admin app are loaded from the gateway (which serves the portal). */
function useLeaveForPortal(): boolean {
  const { pathname, search } = useLocation();
  const [leaving, setLeaving] = useState(() => matchRoute(pathname)?.route.owner === 'portal');
  useLayoutEffect(() => {
    if (matchRoute(pathname)?.route.owner !== 'portal') return setLeaving(false);
    setLeaving(hardNavigate(pathname + search));
  }, [pathname, search]);
  return leaving;
}

/**
 * Spec §8 404 inside the admin app. "Back to home" goes to "/", the portal's home, with a full page
 * load (the gateway serves "/" with the portal).
 */
export function NotFound() {
  const translate = useTranslate();
  const title = translate('errors.notFound.title');
  const leaving = useLeaveForPortal();
  useDocumentTitle(leaving ? undefined : title);
  if (leaving) return null;
  return (
    <Card sx={{ mt: { xs: 2, sm: 3 } }}>
      <Title title={title} />
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        <Typography variant="h5" component="h2" data-testid="error-title" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" data-testid="error-body" sx={{ maxWidth: '36rem', mx: 'auto' }}>
          {translate('errors.notFound.body')}
        </Typography>
        <Box sx={{ mt: 3 }}>
          <Button href="/" variant="contained" color="secondary" size="large" data-testid="back-to-home">
            {translate('errors.backToHome')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
