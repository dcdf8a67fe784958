// What every part of the grid editor reads besides the form: whether the grid is only shown (a viewer, an older
// version) or edited.
import { createContext, useContext } from 'react';
import { useFormContext } from 'react-hook-form';
import type { GridForm } from './grid-form';

export const ReadOnlyContext = createContext(true);

export function useGridEditing() {
  return { form: useFormContext<GridForm>(), readOnly: useContext(ReadOnlyContext) };
}
