import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseEml } from '@stageplein/kit/mail/eml';

/** One mail as the mail folder keeps it (`<dir>/<tenant>/<time>-<seq>-<subject>.eml`, the SMTP catcher's). */
export interface TFolderMail {
  file: string;
  seq: number;
  tenant: string;
  kind: string;
  to: string;
  subject: string;
  date: string;
  text: string;
}

/**
 * One `.eml` of the folder: a message the embedded SMTP catcher kept as nodemailer sent it (MIME,
 * encoded).
 */
export function parseMailFile(file: string, content: string): TFolderMail {
  const { headers, text } = parseEml(content);
  return {
    file,
    seq: Number(headers.get('x-stageplein-seq') ?? 0),
    tenant: headers.get('x-stageplein-tenant') ?? '',
    kind: headers.get('x-stageplein-kind') ?? '',
    to: (headers.get('to') ?? '').replace(/^.*<([^>]+)>.*$/, '$1'),
    subject: headers.get('subject') ?? '',
    date: headers.get('date') ?? '',
    text,
  };
}

/** The mails of one tenant's folder (or every tenant's), oldest first. */
export async function readMailFolder(dir: string, tenant?: string): Promise<TFolderMail[]> {
  const tenants = tenant ? [tenant] : await readdir(dir).catch(() => [] as string[]);
  const mails: TFolderMail[] = [];
  for (const t of tenants) {
    const folder = path.join(dir, t);
    const files = await readdir(folder).catch(() => [] as string[]);
    for (const name of files.filter((f) => f.endsWith('.eml'))) {
      const file = path.join(folder, name);
      mails.push(parseMailFile(file, await readFile(file, 'utf8')));
    }
  }
  // File names start with the time they were written, then an order number.
  return mails.sort((a, b) => path.basename(a.file).localeCompare(path.basename(b.file)) || a.seq - b.seq);
}

/** The links of a mail's text, for a terminal line. */
export const linksOf = (text: string): string[] => [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);

/** The mails of a tenant to one address (case-insensitive), newest first: what tests and people look up. */
export async function folderMailsTo(dir: string, tenant: string, to: string): Promise<TFolderMail[]> {
  const address = to.trim().toLowerCase();
  return (await readMailFolder(dir, tenant)).filter((m) => m.to.toLowerCase() === address).reverse();
}
