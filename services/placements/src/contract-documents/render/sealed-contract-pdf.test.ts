import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { canonicalContractContent } from '@stageplein/contracts/internship-contracts/sealed-document';
import { contentHashOf, renderSealedContractPdf } from './sealed-contract-pdf.ts';
import { sampleSealedContract } from './sample-contract.ts';

/**
 * The sealed PDF read back as a reader would: its text extracted by PDF.js (contract text, every signer
 * on the certificate, the content hash, the verification address), and page 1 and the certificate drawn
 * to PNG (PDF.js on a Skia canvas) — written to SEALED_PDF_PNG_DIR when set, to be looked at.
 */
async function readPdf(pdf: Buffer) {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    // PDF.js's own metric-compatible faces for the standard 14 fonts (Courier, of the hash), as a viewer draws them.
    standardFontDataUrl: `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const page = await document.getPage(n);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .replace(/[ \t]+/g, ' '),
    );
  }
  return { document, pages };
}

async function pagePng(document: Awaited<ReturnType<typeof readPdf>>['document'], n: number) {
  const page = await document.getPage(n);
  const viewport = page.getViewport({ scale: 1.5 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
  return { png: canvas.toBuffer('image/png'), canvas };
}

/** The share of a canvas's pixels that are not white: a drawn page has ink, a blank one has none. */
function inkShare(canvas: Canvas, area?: { x: number; y: number; w: number; h: number }) {
  const { x, y, w, h } = area ?? { x: 0, y: 0, w: canvas.width, h: canvas.height };
  const data = canvas.getContext('2d').getImageData(x, y, w, h).data;
  let ink = 0;
  for (let i = 0; i < data.length; i += 4)
    if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) ink++;
  return ink / (w * h);
}

// Rendering and drawing a four-page PDF takes seconds on a loaded 2-core machine.
describe('the sealed contract PDF', { timeout: 60_000 }, () => {
  const doc = sampleSealedContract();

  it('holds the contract text on its contract pages, then a certificate with every signer and the content hash', async () => {
    const { pdf, contentHash } = await renderSealedContractPdf(doc);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(contentHash).toBe(createHash('sha256').update(canonicalContractContent(doc)).digest('hex'));
    const { document, pages } = await readPdf(pdf);
    // Three contract pages (the sample's eleven articles) and the certificate.
    expect(document.numPages).toBe(4);
    const contract = pages.slice(0, -1).join('\n');
    const certificate = pages.at(-1)!;
    expect(pages[0]).toContain('Stageovereenkomst Zorg en Welzijn');
    expect(pages[0]).toContain('Zorggroep De Linde');
    for (let a = 1; a <= 11; a++) expect(contract).toContain(`Artikel ${a}.`);
    expect(contract).toContain('€ 350 per maand');
    expect(contract).toContain('ziekmelding vóór 9.00 uur bij organisatie én school');
    expect(contract).not.toContain('Ondertekeningscertificaat');
    expect(pages[0]).toContain('Pagina 1 van 4');

    expect(certificate).toContain('Ondertekeningscertificaat');
    for (const signer of doc.signers) {
      expect(certificate).toContain(signer.name);
      expect(certificate).toContain(signer.ipAddress);
      expect(certificate).toContain(signer.userAgent.slice(0, 40));
    }
    for (const role of ['Organisatie', 'Student', 'Ouder of voogd', 'Vertegenwoordiger van de school'])
      expect(certificate).toContain(role);
    // Times in the Netherlands' time: the company signed at 09:14:03 UTC, 10:14:03 in Utrecht in January.
    expect(certificate).toContain('20 januari 2027 om 10:14:03');
    expect(certificate.replace(/\s/g, '')).toContain(contentHash);
    expect(certificate.replace(/\s/g, '')).toContain(`${doc.verificationUrl}?hash=${contentHash}`);
    expect(certificate).toContain('Pagina 4 van 4');
  });

  it('draws page 1 and the certificate: text, the signatures and the QR code have ink', async () => {
    const { pdf } = await renderSealedContractPdf(doc);
    const { document } = await readPdf(pdf);
    const first = await pagePng(document, 1);
    const certificate = await pagePng(document, document.numPages);
    const dir = process.env.SEALED_PDF_PNG_DIR;
    if (dir) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'page-1.png'), first.png);
      writeFileSync(join(dir, 'certificate.png'), certificate.png);
    }
    expect(first.png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(inkShare(first.canvas)).toBeGreaterThan(0.02);
    // The first signer's signature (left column, under the name, above the line) holds the drawn strokes;
    // the margin beside it holds nothing.
    expect(inkShare(certificate.canvas, { x: 110, y: 380, w: 200, h: 60 })).toBeGreaterThan(0.01);
    expect(inkShare(certificate.canvas, { x: 0, y: 380, w: 60, h: 60 })).toBe(0);
    expect(inkShare(certificate.canvas)).toBeGreaterThan(inkShare(first.canvas) * 0.5);
  });

  it('prints names beyond WinAnsi intact (the embedded face), in the parties, the text and on the certificate', async () => {
    // Names common in Dutch schools that Helvetica's WinAnsi cannot print: Turkish, Polish, Vietnamese.
    const names = ['Elif Şahin', 'Łukasz Wiśniewski', 'Nguyễn Thị Ánh', 'Mehmet Ağa'];
    const base = sampleSealedContract();
    const doc = sampleSealedContract({
      parties: base.parties.map((p) => (p.role === 'student' ? { ...p, name: names[0]! } : p)),
      signers: base.signers.map((s, i) => ({ ...s, name: names[i]! })),
      body: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: `Stagiair ${names[2]}, begeleid door ` },
              { type: 'text', text: names[1], marks: [{ type: 'bold' }, { type: 'italic' }] },
              { type: 'text', text: '.' },
            ],
          },
        ],
      },
    });
    const { pdf } = await renderSealedContractPdf(doc);
    // The face is embedded (a font file in the PDF), not referenced as a standard font.
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2|\/FontFile3/);
    expect(pdf.toString('latin1')).toContain('DejaVu');
    const { pages } = await readPdf(pdf);
    expect(pages[0]).toContain(`Stagiair ${names[2]}, begeleid door ${names[1]}.`);
    expect(pages[0]).toContain(names[0]);
    for (const name of names) expect(pages.at(-1)).toContain(name);
  });

  it('prints the same content hash whatever the keys’ order, another for a changed word, and speaks English', async () => {
    const reordered = JSON.parse(JSON.stringify({ ...doc, body: doc.body })) as typeof doc;
    expect(contentHashOf(reordered)).toBe(contentHashOf(doc));
    const changed = sampleSealedContract({ title: 'Stageovereenkomst Zorg & Welzijn' });
    expect(contentHashOf(changed)).not.toBe(contentHashOf(doc));
    // Signatures are on the certificate, not in the contract's content: the hash is the contract pages'.
    expect(contentHashOf({ ...doc, signers: doc.signers.slice(0, 1) })).toBe(contentHashOf(doc));

    const english = sampleSealedContract({ language: 'en' });
    const { pages } = await readPdf((await renderSealedContractPdf(english)).pdf);
    expect(pages.at(-1)).toContain('Signing certificate');
    expect(pages.at(-1)).toContain('Parent or guardian');
    expect(pages.at(-1)).toContain('20 January 2027 at 10:14:03');
  });
});
