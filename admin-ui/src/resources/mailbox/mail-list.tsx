import { Fragment } from 'react';
import { DataTable, DateField, List, useRecordContext } from 'react-admin';
import { Box, Link } from '@mui/material';
import { useCan } from '../../app/session-context.ts';
import { Forbidden, ListError } from '../../ui/error-panel.tsx';
import { ResponsiveList } from '../../ui/responsive-list.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The mail's text as sent, its links clickable (the reason to open the mailbox). */
export function MailText() {
  const record = useRecordContext();
  const text = String(record?.textBody ?? '');
  return (
    <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 ? (
          <Link key={i} href={part}>
            {part}
          </Link>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </Box>
  );
}

export function MailList() {
  const title = useRouteTitle();
  const allowed = useCan('mailbox', 'list');
  if (!allowed) return <Forbidden />;
  return (
    <List
      title={title}
      actions={false}
      sort={{ field: 'createdAt', order: 'DESC' }}
      error={<ListError />}
      empty={false}
    >
      <ResponsiveList
        primary={(r) => String(r.subject)}
        secondary={(r) => (
          <>
            {String(r.to)} · <DateField source="createdAt" showTime />
          </>
        )}
        table={
          <DataTable bulkActionButtons={false} rowClick="expand" expand={<MailText />}>
            <DataTable.Col source="createdAt" field={DateField} />
            <DataTable.Col source="to" />
            <DataTable.Col source="subject" />
            <DataTable.Col source="kind" />
          </DataTable>
        }
      />
    </List>
  );
}
