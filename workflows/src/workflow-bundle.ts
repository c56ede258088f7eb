// Where the sandboxed workflow code is and how it is bundled ahead of time. Apart from worker.ts, so that
// bundling (`npm run bundle -w workflows`, the worker image's build) loads only the workflow code's own
// inputs: the worker image rebuilds its bundle only when those change (docs/deploy.md "Images").
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode } from '@temporalio/worker';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The sandboxed workflow code: the source module (bundled at start) and the prebuilt bundle. */
export const WORKFLOWS_PATH = path.join(HERE, 'workflows.ts');
export const WORKFLOW_BUNDLE_PATH = path.resolve(HERE, '../dist/workflow-bundle.js');
/** Continues the caller's trace inside workflows (headers → spans); runs in the sandbox. */
export const WORKFLOW_INTERCEPTOR_MODULES = [path.join(HERE, 'workflow-interceptors.ts')];

/** Bundles the workflow code with its interceptors into `file`, as a worker loads a prebuilt bundle. */
export async function bundleWorkflows(file: string): Promise<{ bytes: number }> {
  const { code } = await bundleWorkflowCode({
    workflowsPath: WORKFLOWS_PATH,
    workflowInterceptorModules: WORKFLOW_INTERCEPTOR_MODULES,
  });
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, code);
  return { bytes: code.length };
}
