// The root view: nothing until the boot actor knows the user and has handed the session to the auth actor, then
// the signed-in app or a fixed page.
import { useSelector } from '@xstate/react';
import { bootActor } from '../machines/boot/actor';
import { selectAuth, selectOutcome, selectUser } from '../machines/boot/selectors';
import { ErrorPage } from './pages/fixed/ErrorPage';
import { UnauthorizedPage } from './pages/fixed/UnauthorizedPage';
import { SignedInApp } from './session/SignedInApp';

export function App() {
  const outcome = useSelector(bootActor, selectOutcome);
  const user = useSelector(bootActor, selectUser);
  const auth = useSelector(bootActor, selectAuth);

  if (outcome) return <main>{outcome === 'unauthorized' ? <UnauthorizedPage /> : <ErrorPage />}</main>;
  if (!user || !auth) return null;
  return <SignedInApp user={user} auth={auth} />;
}
