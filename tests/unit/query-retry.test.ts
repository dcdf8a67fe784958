// When a failed query is tried again by itself: once for a network error or a server fault, never for a 4xx.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError, shouldRetryQuery } from '../../src/services/api-error';

describe('shouldRetryQuery', () => {
  it('retries a network error and a 5xx once', () => {
    for (const error of [
      new TypeError('Failed to fetch'),
      new ApiError(500, 'Internal server error'),
      new ApiError(503, 'Unavailable'),
    ]) {
      expect(shouldRetryQuery(0, error)).toBe(true);
      expect(shouldRetryQuery(1, error)).toBe(false);
    }
  });

  it('never retries a 4xx', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(shouldRetryQuery(0, new ApiError(status, 'Refused')), String(status)).toBe(false);
    }
  });

  it('makes a query for an unknown id fail after one call, and a server fault after two', async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: shouldRetryQuery, retryDelay: 0 } },
    });
    const callsUntilFailure = async (error: Error) => {
      let calls = 0;
      await client
        .fetchQuery({
          queryKey: [error.message],
          queryFn: () => {
            calls += 1;
            throw error;
          },
        })
        .catch(() => undefined);
      return calls;
    };
    expect(await callsUntilFailure(new ApiError(404, 'Campaign not found'))).toBe(1);
    expect(await callsUntilFailure(new ApiError(502, 'Bad gateway'))).toBe(2);
  });
});
