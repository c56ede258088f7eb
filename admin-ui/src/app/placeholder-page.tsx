import { Title, useTranslate } from 'react-admin';
import { Card, CardContent, Typography } from '@mui/material';
import type { TRoute } from '@stageplein/contracts/routes/route.types';
import { useDocumentTitle } from './use-document-title.ts';

/** Stand-in for an admin route whose resource screens are not built yet. */
export function PlaceholderPage({ route }: { route: TRoute }) {
  const translate = useTranslate();
  const title = translate(route.titleKey);
  useDocumentTitle(title);
  return (
    <Card sx={{ mt: { xs: 2, sm: 3 } }} data-testid="placeholder-page" data-route={route.path}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h2" data-testid="page-title">
          {title}
        </Typography>
        {route.descriptionKey && (
          <Typography color="text.secondary">{translate(route.descriptionKey)}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
