import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { linksOf, readMailFolder, type TFolderMail } from '@stageplein/identity/mail/mail-folder';
import { STACK_CONFIG } from './services.ts';
import { REPO_ROOT } from './stack.ts';

/**
 * `npm start`'s configuration: every service's keys with the embedded profile's own defaults. It
 * listens on loopback only (HOST=0.0.0.0 opens it to the network), serves the dev mailbox to the
 * tenants' platform operators (DEV_MAILBOX=false turns it off), writes each mail to `.data/mail` and
 * has the staging flag on (spec §1: the gallery `/dev*`, `/test/*` open to everyone; STAGING=false
 * turns it off).
 */
export const EMBEDDED_CONFIG = {
  ...STACK_CONFIG,
  HOST: z.string().default('127.0.0.1'),
  DEV_MAILBOX: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  MAIL_DIR: z.string().default(path.join(REPO_ROOT, '.data/mail')),
  /** The local stand-in for the education federation (Kennisnet/Entree) listens here; unused when EDUCATION_SSO is set. */
  DEV_ENTREE_PORT: z.coerce.number().int().min(0).max(65535).default(3009),
  /** The local stand-in for the schools' Magister listens here (dev only; each School connected to it). */
  DEV_MAGISTER_PORT: z.coerce.number().int().min(0).max(65535).default(3010),
  STAGING: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
};

/** What the terminal shows of one mail: who it is for, its subject and its links. */
export function mailLines(mail: TFolderMail): string {
  return [
    `✉ ${mail.tenant}: "${mail.subject}" to ${mail.to}`,
    ...linksOf(mail.text).map((link) => `    ${link}`),
  ].join('\n');
}

/**
 * Reports every mail that lands in `dir` after the call (a poll each `intervalMs`), so a newcomer can
 * follow an invitation or a reset link from the terminal. Returns a function that stops it.
 */
export function watchMailFolder(
  dir: string,
  report: (mail: TFolderMail) => void,
  intervalMs = 1000,
): () => void {
  const files = () =>
    existsSync(dir)
      ? readdirSync(dir).flatMap((tenant) => {
          const folder = path.join(dir, tenant);
          try {
            return readdirSync(folder).map((f) => path.join(folder, f));
          } catch {
            return [];
          }
        })
      : [];
  const seen = new Set(files());
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    const fresh = files().filter((f) => !seen.has(f));
    if (!fresh.length) return;
    busy = true;
    readMailFolder(dir)
      .then((mails) => {
        for (const mail of mails.filter((m) => fresh.includes(m.file))) {
          seen.add(mail.file);
          report(mail);
        }
      })
      .catch(() => undefined)
      .finally(() => (busy = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
