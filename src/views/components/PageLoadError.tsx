// What a page shows when the thing it is about could not be loaded: the not-found page when it does not exist
// (or is not the user's to see), otherwise why it failed and a way to try again.
import { ApiError } from '../../services/api-error';
import { NotFoundPage } from '../pages/fixed/NotFoundPage';
import { QueryError } from './QueryError';

export function PageLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  return <QueryError error={error} onRetry={onRetry} />;
}
