// What every part of the grid editor reads besides the form: whether the grid is only shown (a viewer, an older
// version) or edited, and how a server's refusal of the grid lands on the fields it names.
import { createContext, useContext } from 'react';
import { useFormContext, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../services/api-error';
import { formPathOf, type GridForm } from './grid-form';

export const ReadOnlyContext = createContext(true);

export function useGridEditing() {
  return { form: useFormContext<GridForm>(), readOnly: useContext(ReadOnlyContext) };
}

/** Shows each refusal the server gave for the grid next to its field; says whether any could be placed. */
export function placeRefusals(form: UseFormReturn<GridForm>, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const paths = error.errors.flatMap(({ path }) => formPathOf(path) ?? []);
  for (const path of paths) {
    form.setError(path as FieldPath<GridForm>, { type: 'server', message: 'evaluationGrid.refused' });
  }
  return paths.length > 0;
}
