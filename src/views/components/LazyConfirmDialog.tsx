// The confirmation dialog for pages whose first paint does without Headless UI (decision 0218): its code loads
// when it first opens (or earlier, on `preloadConfirmDialog`), and a closed one renders nothing, as the dialog does.
import { lazy, Suspense, type ComponentProps } from 'react';
import { codeOnIntent } from './code-on-intent';
import type { ConfirmDialog } from './ConfirmDialog';

const dialogCode = codeOnIntent(() => import('./ConfirmDialog'));
const Dialog = lazy(() => dialogCode.request().then(({ ConfirmDialog: dialog }) => ({ default: dialog })));

/** Starts loading the dialog's code, for a control that may open it (hovered, focused). */
export const preloadConfirmDialog = () => void dialogCode.request().catch(() => undefined);

export function LazyConfirmDialog(props: ComponentProps<typeof ConfirmDialog>) {
  if (!props.open) return null;
  return (
    <Suspense>
      <Dialog {...props} />
    </Suspense>
  );
}
