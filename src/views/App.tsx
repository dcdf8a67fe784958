// The root view: nothing until the boot actor knows the user and has handed the session to the auth actor, then
// the signed-in app or a fixed page.
import { BootActorContext } from '../machines/boot/provider';
import { selectAuth, selectOutcome, selectUser } from '../machines/boot/selectors';
import { ErrorPage } from './pages/fixed/ErrorPage';
import { UnauthorizedPage } from './pages/fixed/UnauthorizedPage';
import { SignedInApp } from './session/SignedInApp';

export function App() {
  const outcome = BootActorContext.useSelector(selectOutcome);
  const user = BootActorContext.useSelector(selectUser);
  const auth = BootActorContext.useSelector(selectAuth);

  if (outcome) return <main>{outcome === 'unauthorized' ? <UnauthorizedPage /> : <ErrorPage />}</main>;
  if (!user || !auth) return null;
  return <SignedInApp user={user} auth={auth} />;
}
