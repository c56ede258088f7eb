import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { eachLine, lastLines } from './go-build.mjs';

describe('eachLine', () => {
  it("hands over a child's lines whole, across chunks, blank ones and the last one without a newline", async () => {
    // Each write is its own chunk (the pause lets the pipe deliver it before the next).
    const script = `
      const parts = ['één', ' twee\\ndrie\\n', '\\nvier', ' vijf\\r\\nzes'];
      (async () => { for (const p of parts) { process.stdout.write(p); await new Promise((r) => setTimeout(r, 50)); } })();`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const lines: string[] = [];
    eachLine(child.stdout, (line) => lines.push(line));
    await once(child, 'close');
    expect(lines).toEqual(['één twee', 'drie', '', 'vier vijf\r', 'zes']);
  });

  it('keeps the last non-empty lines of both streams', async () => {
    // Pauses between the streams' writes, so they arrive in this order.
    const script = `
      const pause = () => new Promise((r) => setTimeout(r, 300));
      (async () => {
        console.error('fout 1'); await pause();
        console.log('uit 1\\n\\nuit 2'); await pause();
        console.error('fout 2');
      })();`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const tail = lastLines([child.stdout, child.stderr], 3);
    await once(child, 'close');
    expect(tail).toEqual(['uit 1', 'uit 2', 'fout 2']);
  });
});
