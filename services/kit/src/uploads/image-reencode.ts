import type sharpType from 'sharp';
import {
  IMAGE_MAX_DIMENSION,
  IMAGE_MAX_INPUT_PIXELS,
  type TUploadContentType,
} from '@stageplein/contracts/content/media';

// Loaded on first use: a process that never re-encodes an image (the worker only removes form files)
// does not load sharp's native library, and its image leaves it out (infra/images/processes.json).
let loadingSharp: Promise<typeof sharpType> | undefined;
const loadSharp = () => (loadingSharp ??= import('sharp').then((m) => m.default));

export interface TProcessedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes an image and encodes it anew in its own format: turned upright by its EXIF orientation,
 * resized to fit `IMAGE_MAX_DIMENSION` (never enlarged) and without any metadata (sharp writes none
 * unless asked: EXIF with its GPS position and camera, XMP, comments are gone). Only pixels survive, so
 * nothing hidden in the original reaches a visitor. Null when the bytes do not decode as an image or
 * have more pixels than `maxInputPixels` (a decompression bomb; public forms allow fewer).
 */
export async function reencodeImage(
  bytes: Buffer,
  contentType: Exclude<TUploadContentType, 'application/pdf'>,
  maxInputPixels = IMAGE_MAX_INPUT_PIXELS,
): Promise<TProcessedImage | null> {
  const sharp = await loadSharp();
  try {
    const pipeline = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' }).rotate().resize({
      width: IMAGE_MAX_DIMENSION,
      height: IMAGE_MAX_DIMENSION,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const encoded =
      contentType === 'image/jpeg'
        ? pipeline.jpeg({ quality: 82, mozjpeg: true })
        : contentType === 'image/png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 82 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}
