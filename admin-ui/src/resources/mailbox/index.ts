/**
 * The embedded profile's sent mail (GET /api/v1/dev/mailbox), for the tenant's platform operators:
 * invitations, resets and sign-in links a newcomer can follow. Read only.
 */
export { MailList as list } from './mail-list.tsx';
