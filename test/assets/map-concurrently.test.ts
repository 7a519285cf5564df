import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { mapConcurrently } from '../../src/assets/map-concurrently.ts';

describe('mapConcurrently', () => {
  it('runs at most the limit at once and keeps the order of the items', async () => {
    let running = 0;
    let most = 0;
    const results = await mapConcurrently([30, 5, 20, 1, 10, 15, 2], 3, async (delay, index) => {
      running++;
      most = Math.max(most, running);
      await sleep(delay);
      running--;
      return `${index}:${delay}`;
    });
    expect(most).toBe(3);
    expect(results).toEqual(['0:30', '1:5', '2:20', '3:1', '4:10', '5:15', '6:2']);
  });

  it('handles no items and a limit above their count', async () => {
    expect(await mapConcurrently([], 4, async () => 1)).toEqual([]);
    expect(await mapConcurrently([1, 2], 10, async (n) => n * 2)).toEqual([2, 4]);
  });
});
