/** Waits until `condition` holds, checking every 20 ms; fails after `timeoutMs` saying what it waited for. */
export async function until(
  condition: () => boolean,
  timeoutMs = 15_000,
  what = 'the condition',
): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
