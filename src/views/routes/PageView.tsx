// Shows the page a route names; screens of later releases show the "coming soon" page.
import type { CurrentUser } from '../../../contract/users';
import { lazyPage } from './lazy-page';
import type { PageKey } from './route-tables';

const HomePage = lazyPage(() => import('../pages/home/HomePage'));
const ProfilePage = lazyPage(() => import('../pages/profile/ProfilePage'));
const ComingSoonPage = lazyPage(() => import('../pages/coming-soon/ComingSoonPage'));

export function PageView({ page, user }: { page: PageKey; user: CurrentUser }) {
  switch (page) {
    case 'home':
    case 'adminHome':
      return <HomePage page={page} />;
    case 'profile':
      return <ProfilePage user={user} />;
    default:
      return <ComingSoonPage page={page} />;
  }
}
