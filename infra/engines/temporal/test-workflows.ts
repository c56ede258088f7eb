// Workflows for temporal.test.ts, bundled by the worker through `workflowsPath`.

export async function greet(name: string): Promise<string> {
  return `Hello, ${name}!`;
}
