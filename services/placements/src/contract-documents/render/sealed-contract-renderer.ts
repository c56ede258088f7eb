import { createHash } from 'node:crypto';
import {
  ZSealedContractDocument,
  type TSealedContractDocument,
} from '@stageplein/contracts/internship-contracts/sealed-document';
import { createWorkerPool, type TWorkerPool } from '@stageplein/kit/runtime/worker-pool';

/** A rendered sealed contract: the PDF's bytes and both hashes. */
export interface TRenderedContract {
  pdf: Buffer;
  /** SHA-256 of `pdf`: its key in the object store, what an uploaded copy hashes to. */
  pdfHash: string;
  /** SHA-256 of the contract pages' canonical content, printed on the certificate. */
  contentHash: string;
}

export interface TSealedContractRenderer {
  render(doc: TSealedContractDocument): Promise<TRenderedContract>;
  close(): Promise<void>;
}

/**
 * The render thread's module: TypeScript from the sources, the compiled `.mjs` beside this module's
 * compiled place in the images (infra/images/processes.json `workers`).
 */
const THREAD_MODULE = new URL(
  import.meta.url.endsWith('.ts') ? './render-thread.ts' : './render-thread.mjs',
  import.meta.url,
);

/**
 * Sealed contracts rendered on `threads` worker threads (kit's pool), never on the event loop: a
 * request arriving while twenty contracts seal is answered as if none did (docs/benchmarks.md).
 */
export function sealedContractRenderer(threads: number): TSealedContractRenderer {
  const pool: TWorkerPool<TSealedContractDocument, { pdf: Uint8Array; contentHash: string }> =
    createWorkerPool({ moduleUrl: THREAD_MODULE, threads: threads || undefined, name: 'contract-render' });
  return {
    async render(doc) {
      // Checked here, so a bad document fails its caller, not a thread.
      const input = ZSealedContractDocument.parse(doc);
      const { pdf, contentHash } = await pool.run(input);
      const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      return { pdf: bytes, pdfHash: createHash('sha256').update(bytes).digest('hex'), contentHash };
    },
    close: () => pool.close(),
  };
}

/** One renderer per parsed configuration (its CONTRACT_RENDER_THREADS): routes, activities and seeds share it. */
const perConfig = new WeakMap<object, TSealedContractRenderer>();
export function rendererFor(config: { CONTRACT_RENDER_THREADS: number }): TSealedContractRenderer {
  let renderer = perConfig.get(config);
  if (!renderer) {
    renderer = sealedContractRenderer(config.CONTRACT_RENDER_THREADS);
    perConfig.set(config, renderer);
  }
  return renderer;
}

/**
 * Renders a sealed contract on the process's render threads (CONTRACT_RENDER_THREADS of `config`): the
 * PDF's bytes and both hashes. For the seal step of the signing workflow, with `storeSealedContract`
 * (or both at once: the `sealContractDocument` activity).
 */
export const renderSealedContract = (
  config: { CONTRACT_RENDER_THREADS: number },
  doc: TSealedContractDocument,
): Promise<TRenderedContract> => rendererFor(config).render(doc);
