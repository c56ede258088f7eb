/** The embedded profile's dev mailbox (issue #12, `GET /api/v1/dev/mailbox`): platform operators only. */
export { MailboxList as list, MailShow as show } from './mailbox.tsx';
