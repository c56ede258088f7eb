// `npm run bundle -w workflows`: bundles the workflow code ahead of time into dist/workflow-bundle.js,
// which production workers load instead of bundling at start.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { WORKFLOW_BUNDLE_PATH, WORKFLOW_INTERCEPTOR_MODULES, WORKFLOWS_PATH } from '../src/worker.ts';

const started = Date.now();
const { code } = await bundleWorkflowCode({
  workflowsPath: WORKFLOWS_PATH,
  workflowInterceptorModules: WORKFLOW_INTERCEPTOR_MODULES,
});
mkdirSync(path.dirname(WORKFLOW_BUNDLE_PATH), { recursive: true });
writeFileSync(WORKFLOW_BUNDLE_PATH, code);
console.log(
  `bundled ${WORKFLOWS_PATH} → ${WORKFLOW_BUNDLE_PATH} (${(code.length / 1024).toFixed(0)} KiB, ${Date.now() - started} ms)`,
);
