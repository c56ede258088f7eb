/**
 * The internship bank's search as the page's URL keeps it: the contract's, since the gateway serves
 * `/stagebank` with the same search's first page (services/gateway/src/cms-prerender.ts).
 */
export * from '@stageplein/contracts/placements/stagebank-query';
