import { crc32, deflateSync } from 'node:zlib';
import type { TRichTextNode } from '@stageplein/contracts/content/content';
import type { TSealedContractDocument } from '@stageplein/contracts/internship-contracts/sealed-document';

/**
 * A sample sealed contract of three contract pages and four signers, for the renderer's tests, the
 * sealing benchmark and the seeds' sealed contracts. Its signatures are drawn here (a few strokes
 * rasterized into a PNG), so it needs no canvas and no image files.
 */

/** A PNG (RGBA, transparent background) of strokes drawn with a round pen: what the signature pad exports. */
export function signaturePng(
  strokes: readonly (readonly [number, number])[][],
  width = 300,
  height = 110,
): string {
  const pixels = Buffer.alloc(width * height * 4);
  const radius = 1.6;
  const dot = (cx: number, cy: number) => {
    for (let y = Math.floor(cy - radius - 1); y <= Math.ceil(cy + radius + 1); y++)
      for (let x = Math.floor(cx - radius - 1); x <= Math.ceil(cx + radius + 1); x++) {
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const coverage = Math.max(0, Math.min(1, radius + 0.5 - Math.hypot(x - cx, y - cy)));
        const i = (y * width + x) * 4;
        const alpha = Math.max(pixels[i + 3]!, Math.round(coverage * 255));
        pixels.set([27, 42, 107, alpha], i);
      }
  };
  for (const stroke of strokes)
    for (let s = 1; s < stroke.length; s++) {
      const [x0, y0] = stroke[s - 1]!;
      const [x1, y1] = stroke[s]!;
      const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 2));
      for (let t = 0; t <= steps; t++) dot(x0 + ((x1 - x0) * t) / steps, y0 + ((y1 - y0) * t) / steps);
    }
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++)
    pixels.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A handwriting-like scribble: `letters` loops along the line, from a seed. */
export function scribble(seed: number, letters = 7): [number, number][][] {
  let r = seed;
  const rnd = () => (r = (r * 1103515245 + 12345) % 2147483648) / 2147483648;
  const stroke: [number, number][] = [];
  for (let i = 0; i <= letters * 12; i++) {
    const t = i / 12;
    const loop = (i % 12) / 12;
    stroke.push([
      20 + t * (250 / letters) + Math.cos(loop * Math.PI * 2) * 8 * rnd(),
      62 + Math.sin(loop * Math.PI * 2 + seed) * (18 + 14 * rnd()) - t * 2,
    ]);
  }
  const underline: [number, number][] = [
    [30, 92 + rnd() * 4],
    [150, 88 + rnd() * 4],
    [270, 84 + rnd() * 6],
  ];
  return [stroke, underline];
}

const p = (text: string): TRichTextNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const heading = (text: string): TRichTextNode => ({
  type: 'heading',
  attrs: { level: 2 },
  content: [{ type: 'text', text }],
});

const ARTICLE =
  'De student verricht tijdens de stage werkzaamheden die passen bij de opleiding en het leerplan. De organisatie zorgt voor een veilige werkplek, begeleiding door een vaste praktijkopleider en voldoende gelegenheid om de leerdoelen te behalen. De school bewaakt de kwaliteit van de stage en bezoekt de student ten minste eenmaal.';

/** The sample's contract text: `articles` articles of four paragraphs and a list (11 fill three A4 pages). */
export function sampleBody(articles = 11): { type: 'doc'; content: TRichTextNode[] } {
  const content: TRichTextNode[] = [];
  for (let a = 1; a <= articles; a++) {
    content.push(
      heading(
        `Artikel ${a}. ${['Doel', 'Duur en uren', 'Begeleiding', 'Verzekering', 'Geheimhouding', 'Beëindiging'][a % 6]}`,
      ),
    );
    content.push(p(`${a}.1 ${ARTICLE}`));
    content.push({
      type: 'paragraph',
      content: [
        { type: 'text', text: `${a}.2 De stage loopt van ` },
        { type: 'text', text: '1 februari 2027', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' tot en met ' },
        { type: 'text', text: '30 juni 2027', marks: [{ type: 'bold' }] },
        { type: 'text', text: ', 32 uur per week, met een ' },
        { type: 'text', text: 'stagevergoeding', marks: [{ type: 'italic' }] },
        { type: 'text', text: ' van € 350 per maand.' },
      ],
    });
    if (a % 3 === 0)
      content.push({
        type: 'bulletList',
        content: [
          'werktijden volgens het rooster van de afdeling',
          'verlof in overleg met de praktijkopleider',
          'ziekmelding vóór 9.00 uur bij organisatie én school',
        ].map((text) => ({
          type: 'listItem',
          content: [p(text)],
        })),
      });
  }
  return { type: 'doc', content };
}

/** A complete sample: three contract pages, the parties, four signers (student, parent, company, school). */
export function sampleSealedContract(
  overrides: Partial<TSealedContractDocument> = {},
): TSealedContractDocument {
  const ua = {
    phone:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    desktop:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  };
  return {
    tenantId: 'demo',
    contractId: '3f0b6c8e-5d7a-4f3e-9a21-6b8c0d1e2f34',
    schoolId: '00000000-0000-4000-8000-00000000d001',
    schoolName: 'Demo College',
    title: 'Stageovereenkomst Zorg en Welzijn',
    language: 'nl',
    body: sampleBody(),
    parties: [
      { role: 'school', name: 'Demo College', details: ['Stationsplein 1, 3511 ED Utrecht'] },
      {
        role: 'company',
        name: 'Zorggroep De Linde',
        details: ['Lindelaan 12, 3581 AB Utrecht', 'Vertegenwoordigd door Mevr. A. de Vries'],
      },
      { role: 'student', name: 'Sanne Jansen', details: ['Geboren 14 maart 2010'] },
    ],
    signers: [
      {
        role: 'company',
        userId: '00000000-0000-4000-8000-00000000c001',
        name: 'Anna de Vries',
        signature: signaturePng(scribble(3)),
        signedAt: '2027-01-20T09:14:03.000Z',
        ipAddress: '203.0.113.24',
        userAgent: ua.desktop,
      },
      {
        role: 'student',
        userId: '00000000-0000-4000-8000-00000000a001',
        name: 'Sanne Jansen',
        signature: signaturePng(scribble(11, 6)),
        signedAt: '2027-01-21T15:02:41.000Z',
        ipAddress: '198.51.100.7',
        userAgent: ua.phone,
      },
      {
        role: 'parent_guardian',
        userId: null,
        name: 'Marco Jansen',
        signature: signaturePng(scribble(29, 5)),
        signedAt: '2027-01-21T19:45:10.000Z',
        ipAddress: '2001:db8::5e',
        userAgent: ua.phone,
      },
      {
        role: 'school_representative',
        userId: '00000000-0000-4000-8000-00000000b001',
        name: 'Peter Bakker',
        signature: signaturePng(scribble(47, 6)),
        signedAt: '2027-01-22T08:30:00.000Z',
        ipAddress: '192.0.2.10',
        userAgent: ua.desktop,
      },
    ],
    sealedAt: '2027-01-22T08:30:02.000Z',
    verificationUrl: 'https://demo.stageplein.nl/contractcontrole',
    ...overrides,
  };
}
