import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseEml } from '@stageplein/kit/mail/eml';

/** One mail as the mail folder keeps it (`<dir>/<tenant>/<time>-<seq>-<subject>.eml`). */
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

const ASCII = /^[\x20-\x7e]*$/;
// RFC 2047 encoded words for headers that are not plain ASCII (Dutch subjects: "één", "’").
const encodeHeader = (value: string) =>
  ASCII.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;

/** A file name a person can scan: time, order, and the subject made safe for every file system. */
export function mailFileName(createdAt: Date, seq: number, subject: string): string {
  const time = createdAt.toISOString().replace(/[:.]/g, '-');
  const slug = subject
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${time}-${String(seq).padStart(8, '0')}-${slug || 'mail'}.eml`;
}

/** The mail as an RFC 5322 message (plain text), which any mail program opens. */
export function mailFileText(m: Omit<TFolderMail, 'file' | 'date'> & { from: string; createdAt: Date }) {
  return [
    `From: ${m.from}`,
    `To: ${m.to}`,
    `Subject: ${encodeHeader(m.subject)}`,
    `Date: ${m.createdAt.toUTCString()}`,
    `X-Stageplein-Tenant: ${m.tenant}`,
    `X-Stageplein-Kind: ${m.kind}`,
    `X-Stageplein-Seq: ${m.seq}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    m.text,
    '',
  ].join('\r\n');
}

export async function writeMailFiles(
  dir: string,
  tenant: string,
  mails: readonly (Omit<TFolderMail, 'file' | 'date' | 'tenant'> & { from: string; createdAt: Date })[],
): Promise<void> {
  const folder = path.join(dir, tenant);
  await mkdir(folder, { recursive: true });
  for (const m of mails) {
    await writeFile(
      path.join(folder, mailFileName(m.createdAt, m.seq, m.subject)),
      mailFileText({ ...m, tenant }),
    );
  }
}

/**
 * One `.eml` of the folder: identity's own plain files and the messages the embedded SMTP catcher kept
 * as nodemailer sent them (MIME, encoded), alike.
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
  // File names start with the time they were written (both writers), then an order number.
  return mails.sort((a, b) => path.basename(a.file).localeCompare(path.basename(b.file)) || a.seq - b.seq);
}

/** The links of a mail's text, for a terminal line. */
export const linksOf = (text: string): string[] => [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);

/** The mails of a tenant to one address (case-insensitive), newest first: what tests and people look up. */
export async function folderMailsTo(dir: string, tenant: string, to: string): Promise<TFolderMail[]> {
  const address = to.trim().toLowerCase();
  return (await readMailFolder(dir, tenant)).filter((m) => m.to.toLowerCase() === address).reverse();
}
