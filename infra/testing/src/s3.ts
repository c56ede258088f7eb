import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

export interface TTestS3 {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's S3-compatible store (VersityGW); see s3.global-setup.ts. */
    s3: TTestS3;
  }
}

/** The run's S3 store and a bucket name of this caller's own (not created: the adapter does that). */
export function testS3(): TTestS3 & { bucket: string } {
  return { ...inject('s3'), bucket: `t-${randomBytes(6).toString('hex')}` };
}
