import { Fragment } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Title, useGetList, useTranslate } from 'react-admin';
import {
  Alert,
  Card,
  CardContent,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { adminPath } from '../../app/paths.ts';
import { useAdminPermissions } from '../../app/session-context.ts';
import { isOperator } from '../../providers/access.ts';
import { Forbidden } from '../../ui/error-panel.tsx';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { ScrollFrame } from '../../ui/scroll-frame.tsx';

interface TMail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  textBody: string;
  createdAt: string;
}

/** The mailbox's newest 100 mails (the API's cap), as one list; the show screen reads the same list. */
function useMails(enabled: boolean) {
  return useGetList<TMail>(
    'mailbox',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'createdAt', order: 'DESC' } },
    { enabled },
  );
}

const when = (iso: string) => new Date(iso).toLocaleString();

/** `/admin/mailbox`: to, subject, kind and time of each mail, newest first; a row opens the mail. */
export function MailboxList() {
  const translate = useTranslate();
  const title = translate('routes.admin.mailbox');
  useDocumentTitle(title);
  const allowed = isOperator(useAdminPermissions());
  const { data, isPending, error } = useMails(allowed);
  if (!allowed) return <Forbidden />;
  return (
    <Card sx={{ mt: { xs: 2, sm: 3 } }} data-testid="mailbox">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h2" data-testid="page-title" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('admin.mailbox.intro')}
        </Typography>
        {error ? (
          <Alert severity="info" data-testid="mailbox-off">
            {translate(
              (error as { status?: number }).status === 404 ? 'admin.mailbox.off' : 'errors.generic.body',
            )}
          </Alert>
        ) : isPending ? null : !data?.length ? (
          <Typography data-testid="mailbox-empty">{translate('admin.mailbox.empty')}</Typography>
        ) : (
          <ScrollFrame label={title}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('admin.mailbox.subject')}</TableCell>
                  <TableCell>{translate('admin.mailbox.to')}</TableCell>
                  <TableCell>{translate('admin.mailbox.kind')}</TableCell>
                  <TableCell>{translate('admin.mailbox.sentAt')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((mail) => (
                  <TableRow key={mail.id} data-testid="mail-row">
                    <TableCell>
                      <Link component={RouterLink} to={adminPath.mail(mail.id)}>
                        {mail.subject}
                      </Link>
                    </TableCell>
                    <TableCell>{mail.to}</TableCell>
                    <TableCell>{mail.kind}</TableCell>
                    <TableCell>{when(mail.createdAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollFrame>
        )}
      </CardContent>
    </Card>
  );
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** A mail's text with its links clickable (reset, confirmation and sign-in links). */
function TextWithLinks({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} href={part}>
            {part}
          </Link>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** `/admin/mailbox/:id`: one mail, its subject, recipient and text with clickable links. */
export function MailShow() {
  const translate = useTranslate();
  const { id } = useParams();
  const allowed = isOperator(useAdminPermissions());
  const { data, isPending } = useMails(allowed);
  const mail = data?.find((m) => m.id === id);
  const title = mail?.subject ?? translate('routes.admin.mail');
  useDocumentTitle(title);
  if (!allowed) return <Forbidden />;
  return (
    <Card sx={{ mt: { xs: 2, sm: 3 } }} data-testid="mail">
      {/* The app bar gets the short route title: a long subject there crowds the organization picker. */}
      <Title title={translate('routes.admin.mail')} />
      <CardContent>
        <Link component={RouterLink} to={adminPath.mailbox}>
          {translate('admin.mailbox.back')}
        </Link>
        <Typography variant="h5" component="h2" data-testid="page-title" sx={{ my: 2 }}>
          {title}
        </Typography>
        {isPending ? null : !mail ? (
          <Alert severity="warning">{translate('admin.mailbox.notFound')}</Alert>
        ) : (
          <>
            <Typography>
              {translate('admin.mailbox.to')}: <span data-testid="mail-to">{mail.to}</span>
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {translate('admin.mailbox.sentAt')}: {when(mail.createdAt)}
            </Typography>
            <Typography
              component="div"
              data-testid="mail-text"
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              <TextWithLinks text={mail.textBody} />
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}
