import type { TSealedContractDocument } from '@stageplein/contracts/internship-contracts/sealed-document';
import { createProcessPool, type TProcessPool } from '@stageplein/kit/runtime/process-pool';
import type { TRenderOutput, TSealedContractFacts } from './render-process.ts';

export type { TSealedContractFacts };

/** A rendered sealed contract: the PDF's bytes, both hashes and what the row records of the document. */
export interface TRenderedContract {
  pdf: Buffer;
  /** SHA-256 of `pdf`: its key in the object store, what an uploaded copy hashes to. */
  pdfHash: string;
  /** SHA-256 of the contract pages' canonical content, printed on the certificate. */
  contentHash: string;
  /** The document's facts as the render process checked them (ZSealedContractDocument). */
  document: TSealedContractFacts;
}

export interface TSealedContractRenderer {
  render(doc: TSealedContractDocument): Promise<TRenderedContract>;
  /** Renders waiting, renders under way, render processes running. */
  stats(): { queued: number; busy: number; processes: number };
  /** The render processes' ids. */
  pids(): number[];
  close(): Promise<void>;
}

/**
 * The render process's module: TypeScript from the sources, the compiled `.mjs` beside this module's
 * compiled place in the images (infra/images/processes.json `workers`).
 */
const PROCESS_MODULE = new URL(
  import.meta.url.endsWith('.ts') ? './render-process.ts' : './render-process.mjs',
  import.meta.url,
);

/**
 * Sealed contracts checked, rendered and hashed in `processes` child processes at a lower CPU priority
 * (kit's process pool, nice 10), reused from contract to contract, one render at a time each: never on
 * the event loop, and below the request path and PostgreSQL on a shared core (docs/benchmarks.md). A bad
 * document fails its render with zod's message. A render process that dies fails its render and is
 * started again; the seal activity's retry renders the contract again.
 */
export function sealedContractRenderer(processes: number): TSealedContractRenderer {
  const pool: TProcessPool<TSealedContractDocument, TRenderOutput> = createProcessPool({
    moduleUrl: PROCESS_MODULE,
    processes: processes || undefined,
    niceness: 10,
    name: 'contract-render',
  });
  return {
    async render(doc) {
      const { pdf, ...rest } = await pool.run(doc);
      return { ...rest, pdf: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) };
    },
    stats: () => pool.stats(),
    pids: () => pool.pids(),
    close: () => pool.close(),
  };
}

/** One renderer per parsed configuration (its CONTRACT_RENDER_PROCESSES): routes, activities and seeds share it. */
const perConfig = new WeakMap<object, TSealedContractRenderer>();
export function rendererFor(config: { CONTRACT_RENDER_PROCESSES: number }): TSealedContractRenderer {
  let renderer = perConfig.get(config);
  if (!renderer) {
    renderer = sealedContractRenderer(config.CONTRACT_RENDER_PROCESSES);
    perConfig.set(config, renderer);
  }
  return renderer;
}

/**
 * Renders a sealed contract in the render processes (CONTRACT_RENDER_PROCESSES of `config`): the
 * PDF's bytes and both hashes. For the seal step of the signing workflow, with `storeSealedContract`
 * (or both at once: the `sealContractDocument` activity).
 */
export const renderSealedContract = (
  config: { CONTRACT_RENDER_PROCESSES: number },
  doc: TSealedContractDocument,
): Promise<TRenderedContract> => rendererFor(config).render(doc);
