/**
 * Reads the messages Stageplein itself writes (nodemailer's MIME, the development mail folder's plain
 * files): headers unfolded and their RFC 2047 words decoded, and the text and HTML bodies decoded from
 * base64 or quoted-printable. Not a general mail parser: no attachments, nested multiparts are walked
 * only for their text/plain and text/html parts, and only UTF-8 (and its ASCII subset) is decoded.
 */
export interface TParsedEml {
  headers: Map<string, string>;
  text: string;
  html: string;
}

const decodeWords = (value: string) =>
  value
    // Whitespace between two encoded words is not part of the text (RFC 2047 §6.2).
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function split(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      const name = line.slice(0, colon).trim().toLowerCase();
      if (!headers.has(name)) headers.set(name, decodeWords(line.slice(colon + 1).trim()));
    }
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

function walk(part: string, into: { text: string; html: string }): void {
  const { headers, body } = split(part);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      walk(piece.replace(/^\r?\n/, ''), into);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding')).replace(/\r?\n$/, '');
  if (/^text\/html/i.test(type)) into.html ||= decoded;
  else if (/^text\/plain/i.test(type)) into.text ||= decoded;
}

export function parseEml(raw: string): TParsedEml {
  const { headers } = split(raw);
  const bodies = { text: '', html: '' };
  walk(raw, bodies);
  return { headers, text: bodies.text.replace(/\r\n/g, '\n'), html: bodies.html };
}
