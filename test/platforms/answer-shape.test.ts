import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/errors.ts';
import { readAnswer } from '../../src/platforms/answer-shape.ts';

const campaign = z.object({ id: z.union([z.number(), z.string()]), name: z.string(), status: z.string() });

describe('reading a platform answer through its schema', () => {
  it('gives what the schema describes, and ignores fields the adapter does not use', () => {
    expect(
      readAnswer('network', 'the campaign', campaign, '{"id":1,"name":"A","status":"PAUSED","x":true}'),
    ).toEqual({
      id: 1,
      name: 'A',
      status: 'PAUSED',
    });
  });

  it('turns an unexpected shape into upstream_error naming each unexpected field', () => {
    const error = (() => {
      try {
        readAnswer('network', 'the campaign', campaign, '{"id":null,"status":7}', { mayHaveActed: true });
      } catch (caught) {
        return caught;
      }
    })() as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('upstream_error');
    expect(error.message).toMatch(
      /^Internal error: UpstreamProtocolError\. LinkedIn Ads \(network\) answered the campaign in an unexpected shape \(id: .*; name: .*; status: .*\)/,
    );
    expect(error.options.upstreamMayHaveActed).toBe(true);
  });

  it('says when the answer is not JSON at all', () => {
    expect(() => readAnswer('video', 'the campaign list', campaign, '<html>')).toThrow(/is not JSON/);
  });
});
