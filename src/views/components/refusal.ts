// A refusal the user can act on, in their words: the i18n key a form shows for the server's answer, by status.
import { ApiError } from '../../services/api-error';

/**
 * The key `byStatus` gives the failed call's status, or undefined when the failure is not one the form
 * explains itself (then a toast says what failed).
 */
export function refusalKey(error: unknown, byStatus: Partial<Record<number, string>>): string | undefined {
  return error instanceof ApiError ? byStatus[error.status] : undefined;
}
