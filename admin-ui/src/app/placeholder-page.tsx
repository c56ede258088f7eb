import { Title, useTranslate } from 'react-admin';
import { Alert, AlertTitle, Card, CardContent, Typography } from '@mui/material';
import type { TRoute } from '@stageplein/contracts/routes/route.types';
import { useDocumentTitle } from './use-document-title.ts';

/**
 * Stand-in for an admin route of spec §2 that is outside the admin issue's resources, said plainly
 * on screen: `notBuiltKey` explains what it will show and what it waits for.
 */
export function PlaceholderPage({ route, notBuiltKey }: { route: TRoute; notBuiltKey: string }) {
  const translate = useTranslate();
  const title = translate(route.titleKey);
  useDocumentTitle(title);
  return (
    <Card sx={{ mt: { xs: 2, sm: 3 } }} data-testid="placeholder-page" data-route={route.path}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h2" data-testid="page-title" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {route.descriptionKey && (
          <Typography color="text.secondary">{translate(route.descriptionKey)}</Typography>
        )}
        <Alert severity="info" data-testid="not-built">
          <AlertTitle>{translate('admin.notBuilt.title')}</AlertTitle>
          {translate(notBuiltKey)}
        </Alert>
      </CardContent>
    </Card>
  );
}
