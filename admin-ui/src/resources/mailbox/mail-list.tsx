import { DataTable, DateField, List, useRecordContext } from 'react-admin';
import { Box, Link } from '@mui/material';
import { useCan } from '../../app/session-context.ts';
import { Forbidden, ListError } from '../../ui/error-panel.tsx';
import { ResponsiveList } from '../../ui/responsive-list.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The mail's links, clickable: following an invitation or a reset is why one opens the mailbox. */
export function MailLinks() {
  const record = useRecordContext();
  const links = String(record?.textBody ?? '').match(URL_PATTERN) ?? [];
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column', wordBreak: 'break-all' }}>
      {links.map((link, i) => (
        <Link key={i} href={link}>
          {link}
        </Link>
      ))}
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
            <MailLinks />
          </>
        )}
        table={
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="createdAt" field={DateField} />
            <DataTable.Col source="to" />
            <DataTable.Col source="subject" />
            <DataTable.Col source="textBody" disableSort render={() => <MailLinks />} />
          </DataTable>
        }
      />
    </List>
  );
}
