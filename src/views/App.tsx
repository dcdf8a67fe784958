// The root view: nothing until the boot actor knows the user, then the shell or a fixed page.
import { BootContext } from '../machines/boot/provider';
import { selectImpersonated, selectOutcome, selectUser } from '../machines/boot/selectors';
import { logout, redirectToLogin } from '../services/login-service';
import { tokenStore } from '../services/token-store';
import { ErrorPage } from './pages/fixed/ErrorPage';
import { UnauthorizedPage } from './pages/fixed/UnauthorizedPage';
import { Shell } from './shell/Shell';

const signOut = async () => {
  tokenStore.clear();
  await logout().catch(() => undefined);
  redirectToLogin(`${window.location.origin}/`);
};

export function App() {
  const outcome = BootContext.useSelector(selectOutcome);
  const user = BootContext.useSelector(selectUser);
  const impersonated = BootContext.useSelector(selectImpersonated);

  if (outcome === 'unauthorized') return <UnauthorizedPage />;
  if (outcome === 'error') return <ErrorPage />;
  if (!user) return null;
  return <Shell user={user} impersonated={impersonated} onLogout={() => void signOut()} />;
}
