/**
 * Polls until `check` passes, or throws its last failure after `timeoutMs`: events reach consumers
 * asynchronously through the relay, so a test waits for their effect instead of sleeping.
 */
export async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
