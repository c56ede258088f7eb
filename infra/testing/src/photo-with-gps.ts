import sharp, { type Color } from 'sharp';

/** The camera a `photoWithGps` names in its EXIF: an upload that strips the metadata drops it. */
export const PHOTO_CAMERA = { Make: 'SecretCam', Model: 'X1' } as const;

/**
 * A JPEG as a phone writes it: with the camera (`PHOTO_CAMERA`) and where it was taken (GPS) in its EXIF,
 * and, given an `orientation`, stored sideways with the EXIF tag that turns it upright. Another
 * `background` gives other bytes (a content-addressed store keeps each apart).
 */
export function photoWithGps(options: {
  width: number;
  height: number;
  background?: Color;
  orientation?: number;
}): Promise<Buffer> {
  const { width, height, background = '#3a7', orientation } = options;
  const image = sharp({ create: { width, height, channels: 3, background } }).jpeg();
  if (orientation !== undefined) image.withMetadata({ orientation });
  return image
    .withExif({
      IFD0: { ...PHOTO_CAMERA },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 7/1 57/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '5/1 17/1 28/1',
      },
    })
    .toBuffer();
}

/** Whether `bytes` (a file or its EXIF) hold EXIF's pointer to a GPS block: tag 0x8825, in either byte order. */
export const hasGps = (bytes: Buffer | undefined): boolean =>
  !!bytes && (bytes.includes(Buffer.from([0x88, 0x25])) || bytes.includes(Buffer.from([0x25, 0x88])));
