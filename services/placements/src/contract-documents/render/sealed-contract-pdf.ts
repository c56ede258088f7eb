import { createHash } from 'node:crypto';
import { createElement as h, type ReactElement, type ReactNode } from 'react';
import {
  Document,
  Font,
  Image,
  Page,
  Path,
  Rect,
  StyleSheet,
  Svg,
  Text,
  View,
  renderToBuffer,
} from '@react-pdf/renderer';
import { encode } from 'uqr';
import type { TRichTextMark, TRichTextNode } from '@stageplein/contracts/content/content';
import {
  canonicalContractContent,
  contractVerificationLink,
  type TSealedContractDocument,
  type TSealedSigner,
} from '@stageplein/contracts/internship-contracts/sealed-document';
import { SEALED_TEXTS } from './certificate-texts.ts';
import { sealedContractFont } from './sealed-contract-font.ts';

// Words are never split: react-pdf's default hyphenation is English and would split Dutch words wrongly.
Font.registerHyphenationCallback((word) => [word]);

/**
 * The text face, embedded (`sealed-contract-font.ts`): DejaVu Sans. react-pdf's built-in Helvetica knows
 * only WinAnsi, so names common in Dutch schools (Şahin, Łukasz, Nguyễn, Ağa) printed wrongly; this face
 * covers Latin Extended and Vietnamese. Registered when the module loads: once per render process. Only
 * the hash and the verification address (ASCII) stay in Courier.
 */
const TEXT_FONT = 'DejaVu Sans';
Font.register(sealedContractFont(TEXT_FONT));

/** The SHA-256 (hex) of the contract pages' canonical content, which the certificate prints. */
export const contentHashOf = (doc: TSealedContractDocument): string =>
  createHash('sha256').update(canonicalContractContent(doc), 'utf8').digest('hex');

const INK = '#1a1a1a';
const MUTED = '#555555';
const RULE = '#c8c8c8';

const styles = StyleSheet.create({
  page: {
    paddingTop: 56,
    paddingBottom: 64,
    paddingHorizontal: 56,
    fontFamily: TEXT_FONT,
    fontSize: 10.5,
    color: INK,
    // No lineHeight here: on a page it hides the absolutely placed footer; the text styles carry it, in
    // points (react-pdf reads a bare 1.45 as far more than 1.45 lines).
  },
  title: { fontSize: 18, fontWeight: 700, marginBottom: 14 },
  h2: { fontSize: 14, fontWeight: 700, marginTop: 12, marginBottom: 6 },
  h3: { fontSize: 12, fontWeight: 700, marginTop: 10, marginBottom: 4 },
  h4: { fontSize: 11, fontWeight: 700, marginTop: 8, marginBottom: 4 },
  paragraph: { marginBottom: 6, lineHeight: '15pt' },
  listItem: { flexDirection: 'row', marginBottom: 3, lineHeight: '15pt' },
  bullet: { width: 16 },
  listBody: { flex: 1 },
  quote: { borderLeftWidth: 2, borderLeftColor: RULE, paddingLeft: 8, color: MUTED, marginBottom: 6 },
  code: { fontSize: 9.5, marginBottom: 6 },
  rule: { borderBottomWidth: 1, borderBottomColor: RULE, marginVertical: 8 },
  table: { borderWidth: 1, borderColor: RULE, marginBottom: 8 },
  row: { flexDirection: 'row' },
  cell: { flex: 1, borderWidth: 0.5, borderColor: RULE, padding: 4 },
  parties: { marginBottom: 14, padding: 10, borderWidth: 1, borderColor: RULE },
  partiesTitle: { fontWeight: 700, marginBottom: 4 },
  party: { marginBottom: 4, lineHeight: '13.5pt' },
  partyRole: { color: MUTED, fontSize: 9 },
  footer: {
    position: 'absolute',
    bottom: 28,
    left: 56,
    right: 56,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 8.5,
    color: MUTED,
  },
  label: { color: MUTED, fontSize: 9 },
  facts: { marginBottom: 12 },
  fact: { flexDirection: 'row', marginBottom: 2 },
  factLabel: { width: 120, color: MUTED, fontSize: 9 },
  factValue: { flex: 1 },
  signers: { flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'space-between' },
  signer: { width: '49%', borderWidth: 1, borderColor: RULE, padding: 8, marginBottom: 8 },
  signature: {
    width: 150,
    height: 55,
    objectFit: 'contain',
    objectPositionX: 0,
    borderBottomWidth: 1,
    borderBottomColor: RULE,
    marginBottom: 4,
  },
  signerName: { fontWeight: 700, fontSize: 10.5, marginBottom: 2 },
  signerFact: { fontSize: 8.5, marginBottom: 1 },
  device: { fontSize: 7, color: MUTED, lineHeight: '9pt' },
  hash: { fontFamily: 'Courier', fontSize: 10, marginTop: 2 },
  verify: { flexDirection: 'row', marginTop: 12, alignItems: 'center' },
  verifyText: { flex: 1, marginLeft: 12 },
  url: { fontFamily: 'Courier', fontSize: 8.5, marginTop: 2 },
});

type TTexts = (typeof SEALED_TEXTS)[keyof typeof SEALED_TEXTS];

/** Inline text of a rich-text node: its text with bold, italic, underline and strike marks. */
function inline(nodes: readonly TRichTextNode[] | undefined, key = 'i'): ReactNode[] {
  return (nodes ?? []).map((node, i) => {
    if (node.type === 'hardBreak') return '\n';
    if (node.type !== 'text') return h(Text, { key: `${key}${i}` }, inline(node.content, `${key}${i}.`));
    const marks = new Set((node.marks ?? []).map((m: TRichTextMark) => m.type));
    const bold = marks.has('bold');
    const italic = marks.has('italic');
    const underline = marks.has('underline');
    const strike = marks.has('strike');
    const decoration =
      underline && strike
        ? 'underline line-through'
        : underline
          ? 'underline'
          : strike
            ? 'line-through'
            : undefined;
    const style = {
      ...(bold ? { fontWeight: 700 } : {}),
      ...(italic ? { fontStyle: 'italic' as const } : {}),
      ...(decoration
        ? { textDecoration: decoration as 'underline' | 'line-through' | 'underline line-through' }
        : {}),
    };
    return h(Text, { key: `${key}${i}`, style }, node.text ?? '');
  });
}

/** The contract's rich text (the template editor's Tiptap document) as PDF blocks; images are left out. */
function blocks(nodes: readonly TRichTextNode[] | undefined, key = 'b'): ReactNode[] {
  return (nodes ?? []).flatMap((node, i): ReactNode[] => {
    const k = `${key}${i}`;
    switch (node.type) {
      case 'paragraph':
        return [h(Text, { key: k, style: styles.paragraph }, inline(node.content, `${k}.`))];
      case 'heading': {
        const level = Number((node.attrs as { level?: number } | undefined)?.level ?? 2);
        const style = level <= 2 ? styles.h2 : level === 3 ? styles.h3 : styles.h4;
        return [h(Text, { key: k, style, minPresenceAhead: 40 }, inline(node.content, `${k}.`))];
      }
      case 'bulletList':
      case 'orderedList': {
        const start = Number((node.attrs as { start?: number } | undefined)?.start ?? 1);
        return [
          h(
            View,
            { key: k },
            (node.content ?? []).map((item, n) =>
              h(
                View,
                { key: `${k}.${n}`, style: styles.listItem, wrap: false },
                h(Text, { style: styles.bullet }, node.type === 'bulletList' ? '•' : `${start + n}.`),
                h(View, { style: styles.listBody }, blocks(item.content, `${k}.${n}.`)),
              ),
            ),
          ),
        ];
      }
      case 'blockquote':
        return [h(View, { key: k, style: styles.quote }, blocks(node.content, `${k}.`))];
      case 'codeBlock':
        return [h(Text, { key: k, style: styles.code }, inline(node.content, `${k}.`))];
      case 'horizontalRule':
        return [h(View, { key: k, style: styles.rule })];
      case 'table':
        return [
          h(
            View,
            { key: k, style: styles.table },
            (node.content ?? []).map((row, r) =>
              h(
                View,
                { key: `${k}.${r}`, style: styles.row, wrap: false },
                (row.content ?? []).map((cell, c) =>
                  h(
                    View,
                    { key: `${k}.${r}.${c}`, style: styles.cell },
                    blocks(cell.content, `${k}.${r}.${c}.`),
                  ),
                ),
              ),
            ),
          ),
        ];
      case 'text':
      case 'hardBreak':
        return [h(Text, { key: k }, inline([node], `${k}.`))];
      default:
        // Unknown containers keep their text; images and embeds are not part of a sealed contract.
        return node.content ? blocks(node.content, `${k}.`) : [];
    }
  });
}

const footer = (texts: TTexts, doc: TSealedContractDocument) =>
  h(
    View,
    { style: styles.footer, fixed: true },
    h(Text, null, `${doc.title} · ${doc.contractId}`),
    h(Text, {
      render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
        texts.page(pageNumber, totalPages),
    }),
  );

const fact = (label: string, value: string) =>
  h(
    View,
    { style: styles.fact, key: label },
    h(Text, { style: styles.factLabel }, label),
    h(Text, { style: styles.factValue }, value),
  );

/** The QR code as vector modules with the standard's quiet zone of four. */
function qrCode(value: string, size: number) {
  const { data, size: modules } = encode(value, { ecc: 'M', border: 0 });
  const quiet = 4;
  const total = modules + quiet * 2;
  const d = data
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x + quiet} ${y + quiet}h1v1h-1z` : '')))
    .join('');
  return h(
    Svg,
    { width: size, height: size, viewBox: `0 0 ${total} ${total}` },
    h(Rect, { x: 0, y: 0, width: total, height: total, fill: '#ffffff' }),
    h(Path, { d, fill: '#000000' }),
  );
}

function signerBlock(texts: TTexts, signer: TSealedSigner, when: (iso: string) => string, n: number) {
  return h(
    View,
    { key: `signer${n}`, style: styles.signer, wrap: false },
    h(Text, { style: styles.label }, texts.roles[signer.role] ?? signer.role),
    h(Text, { style: styles.signerName }, signer.name),
    h(Image, { style: styles.signature, src: signer.signature }),
    h(Text, { style: styles.signerFact }, `${texts.signedAt}: ${when(signer.signedAt)}`),
    h(Text, { style: styles.signerFact }, `${texts.address}: ${signer.ipAddress}`),
    h(Text, { style: styles.device }, `${texts.device}: ${signer.userAgent || '—'}`),
  );
}

/** A long unbroken text (an address) cut into lines of `width` characters: words are never split otherwise. */
const lines = (text: string, width: number) => text.match(new RegExp(`.{1,${width}}`, 'g'))?.join('\n') ?? '';

/** The sealed contract as a React PDF document: the contract pages, then the certificate page. */
export function sealedContractElement(doc: TSealedContractDocument, contentHash: string): ReactElement {
  const texts = SEALED_TEXTS[doc.language];
  const format = new Intl.DateTimeFormat(texts.locale, {
    timeZone: 'Europe/Amsterdam',
    dateStyle: 'long',
    timeStyle: 'long',
  });
  const when = (iso: string) => format.format(new Date(iso));
  const sealedAt = new Date(doc.sealedAt);
  return h(
    Document,
    {
      title: doc.title,
      subject: `${texts.contract} ${doc.contractId}`,
      author: doc.schoolName,
      creator: 'Stageplein',
      producer: 'Stageplein',
      language: doc.language,
      creationDate: sealedAt,
      modificationDate: sealedAt,
    },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(Text, { style: styles.title }, doc.title),
      doc.parties.length
        ? h(
            View,
            { style: styles.parties, wrap: false },
            h(Text, { style: styles.partiesTitle }, texts.parties),
            doc.parties.map((party, i) =>
              h(
                View,
                { key: `party${i}`, style: styles.party },
                h(Text, { style: styles.partyRole }, texts.roles[party.role] ?? party.role),
                h(Text, null, [party.name, ...party.details].join('\n')),
              ),
            ),
          )
        : null,
      blocks(doc.body.content),
      footer(texts, doc),
    ),
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(Text, { style: styles.title }, texts.certificate),
      h(Text, { style: styles.paragraph }, texts.certificateIntro),
      h(
        View,
        { style: styles.facts },
        fact(texts.contract, doc.title),
        fact(texts.contractId, doc.contractId),
        fact(texts.school, doc.schoolName),
        fact(texts.sealedAt, when(doc.sealedAt)),
      ),
      h(
        View,
        { style: styles.signers },
        doc.signers.map((signer, n) => signerBlock(texts, signer, when, n)),
      ),
      h(
        View,
        { wrap: false },
        h(Text, { style: styles.label }, texts.hash),
        h(Text, { style: styles.hash }, `${contentHash.slice(0, 32)}\n${contentHash.slice(32)}`),
        h(
          View,
          { style: styles.verify },
          qrCode(contractVerificationLink(doc.verificationUrl, contentHash), 96),
          h(
            View,
            { style: styles.verifyText },
            h(Text, null, texts.verify),
            h(
              Text,
              { style: styles.url },
              lines(contractVerificationLink(doc.verificationUrl, contentHash), 64),
            ),
            h(Text, { style: [styles.label, { marginTop: 6 }] }, texts.verifyHint),
          ),
        ),
      ),
      footer(texts, doc),
    ),
  );
}

/**
 * Renders a sealed contract to PDF bytes: the contract pages and the certificate page. Pure (the same
 * document gives the same bytes: the creation date is the seal's moment) and CPU-bound, so the service
 * runs it in its render processes (`sealed-contract-renderer.ts`), never on the event loop.
 */
export async function renderSealedContractPdf(
  doc: TSealedContractDocument,
): Promise<{ pdf: Buffer; contentHash: string }> {
  const contentHash = contentHashOf(doc);
  // react-pdf's types want a <Document> element; ours is one, built without JSX.
  const pdf = await renderToBuffer(
    sealedContractElement(doc, contentHash) as Parameters<typeof renderToBuffer>[0],
  );
  return { pdf, contentHash };
}
