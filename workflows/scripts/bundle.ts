// `npm run bundle -w workflows`: bundles the workflow code ahead of time into dist/workflow-bundle.js,
// which production workers load instead of bundling at start.
import { bundleWorkflows, WORKFLOW_BUNDLE_PATH, WORKFLOWS_PATH } from '../src/workflow-bundle.ts';

const started = Date.now();
const { bytes } = await bundleWorkflows(WORKFLOW_BUNDLE_PATH);
console.log(
  `bundled ${WORKFLOWS_PATH} → ${WORKFLOW_BUNDLE_PATH} (${(bytes / 1024).toFixed(0)} KiB, ${Date.now() - started} ms)`,
);
