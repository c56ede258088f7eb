import type { ReactNode } from 'react';
import { Title, useEditContext, useListContext, useShowContext, useTranslate } from 'react-admin';
import { Box, Card, CardContent } from '@mui/material';
import { ErrorScreen } from '@stageplein/design-system/components/error-screen.tsx';
import { errorScreenFor } from '@stageplein/contracts/errors/error-catalogue';
import { statusOf } from '../providers/http-client.ts';
import { useRouteTitle } from './route-title.ts';

/**
 * Spec §8 texts for a failed call: 403 "Access forbidden", 401 "Not authorized", 404 "Page not
 * found", otherwise "Oops… (error code: N)". Announced politely to screen readers.
 */
export function ErrorPanel({
  error,
  status,
  children,
}: {
  error?: unknown;
  status?: number;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const screen = errorScreenFor(status ?? ((error === undefined ? 0 : statusOf(error)) || undefined));
  const title = translate(screen.titleKey);
  return (
    <Card sx={{ mt: { xs: 2, sm: 3 } }}>
      <CardContent sx={{ py: 4 }}>
        <ErrorScreen
          testId="error-panel"
          role="status"
          heading="h2"
          kind={screen.kind}
          title={screen.codeKey ? `${title} ${translate(screen.codeKey, screen.vars)}` : title}
          body={translate(screen.bodyKey)}
        >
          {children && <Box sx={{ mt: 3 }}>{children}</Box>}
        </ErrorScreen>
      </CardContent>
    </Card>
  );
}

/**
 * The spec's "Access forbidden" screen, for what the back office does not offer this user; a page
 * of its own, so it also fills the page title (h1).
 */
export function Forbidden({ children }: { children?: ReactNode }) {
  const translate = useTranslate();
  const routeTitle = useRouteTitle();
  return (
    <>
      <Title title={routeTitle || translate('errors.forbidden.title')} />
      <ErrorPanel status={403}>{children}</ErrorPanel>
    </>
  );
}

/** `error` of a List: the failed list call. */
export function ListError() {
  const { error } = useListContext();
  return <ErrorPanel error={error} />;
}

/** `error` of an Edit: the failed record call. */
export function EditError() {
  const { error } = useEditContext();
  return <ErrorPanel error={error} />;
}

/** `error` of a Show: the failed record call. */
export function ShowError() {
  const { error } = useShowContext();
  return <ErrorPanel error={error} />;
}

/** A failed record call is explained in place (no "item doesn't exist" toast and redirect). */
export const STAY_ON_ERROR = {
  redirectOnError: false as const,
  queryOptions: { onError: () => undefined, retry: false },
};
