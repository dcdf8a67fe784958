// The left menu (spec §2): a <nav> landmark, 64 px collapsed or 220 px expanded, driven by the menu actor.
import {
  AcademicCapIcon,
  ArrowLeftStartOnRectangleIcon,
  BellAlertIcon,
  BellIcon,
  BuildingOffice2Icon,
  ChartBarIcon,
  ClipboardDocumentCheckIcon,
  ClipboardDocumentListIcon,
  ChevronDoubleLeftIcon,
  ChevronDoubleRightIcon,
  HomeIcon,
  KeyIcon,
  MegaphoneIcon,
  ShieldCheckIcon,
  UserCircleIcon,
  UsersIcon,
} from '@heroicons/react/24/outline';
import { useEffect, useRef, type ComponentType, type SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '../../../contract/users';
import { MenuActorContext } from '../../machines/menu/provider';
import { selectIsExpanded, selectIsForcedOpen, selectMenuWidth } from '../../machines/menu/selectors';
import { NotificationsActorContext } from '../../machines/notifications/provider';
import { selectHasNew, selectIsPanelOpen } from '../../machines/notifications/selectors';
import { menuEntriesFor, type MenuEntry, type MenuEntryKey } from '../routes/menu-entries';
import { signOut } from '../session/sign-out';

const icons: Record<MenuEntryKey, ComponentType<SVGProps<SVGSVGElement>>> = {
  home: HomeIcon,
  admin: ShieldCheckIcon,
  organisations: BuildingOffice2Icon,
  campaigns: MegaphoneIcon,
  users: UsersIcon,
  organization: BuildingOffice2Icon,
  usage: ChartBarIcon,
  coaching: AcademicCapIcon,
  reviews: ClipboardDocumentCheckIcon,
  notifications: BellIcon,
  auditLog: ClipboardDocumentListIcon,
  apiKeys: KeyIcon,
  profile: UserCircleIcon,
};

const itemClass =
  'flex h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-purple-100 hover:bg-purple-800 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-white';

function isActive(path: string, location: string) {
  return path === '/' ? location === '/' : location === path || location.startsWith(`${path}/`);
}

interface EntryProps {
  entry: MenuEntry;
  expanded: boolean;
}

function Label({ text, expanded, className = '' }: { text: string; expanded: boolean; className?: string }) {
  return <span className={expanded ? `truncate ${className}` : 'sr-only'}>{text}</span>;
}

function NotificationsEntry({ expanded }: { expanded: boolean }) {
  const { t } = useTranslation();
  const notifications = NotificationsActorContext.useActorRef();
  const hasNew = NotificationsActorContext.useSelector(selectHasNew);
  const open = NotificationsActorContext.useSelector(selectIsPanelOpen);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  const Icon = hasNew ? BellAlertIcon : BellIcon;

  // Closing the panel gives focus back to the entry that opened it, unless the user moved on elsewhere.
  useEffect(() => {
    const focusWasInPanel = document.activeElement === document.body;
    if (wasOpen.current && !open && focusWasInPanel) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <button
      ref={button}
      type="button"
      className={`${itemClass} ${open ? 'bg-purple-800' : ''}`}
      aria-expanded={open}
      aria-controls="notification-panel"
      onClick={() => notifications.send({ type: 'panel.toggle' })}
      data-has-new={hasNew}
    >
      <Icon className={`size-6 shrink-0 ${hasNew ? 'text-amber-300' : ''}`} aria-hidden="true" />
      <Label text={hasNew ? t('nav.hasNewNotifications') : t('nav.notifications')} expanded={expanded} />
    </button>
  );
}

function LinkEntry({ entry, expanded }: EntryProps) {
  const { t } = useTranslation();
  const menu = MenuActorContext.useActorRef();
  const [location] = useLocation();
  const Icon = icons[entry.key];
  const active = isActive(entry.path, location);
  return (
    <Link
      href={entry.path}
      className={`${itemClass} ${active ? 'bg-purple-700 text-white' : ''}`}
      aria-current={active ? 'page' : undefined}
      onClick={() => menu.send({ type: 'menu.entryChosen' })}
    >
      <Icon className="size-6 shrink-0" aria-hidden="true" />
      <Label text={t(`nav.${entry.key}`)} expanded={expanded} />
    </Link>
  );
}

export function LeftMenu({ user, mobile }: { user: CurrentUser; mobile: boolean }) {
  const { t } = useTranslation();
  const menu = MenuActorContext.useActorRef();
  const expanded = MenuActorContext.useSelector(selectIsExpanded);
  const width = MenuActorContext.useSelector(selectMenuWidth);
  const forcedOpen = MenuActorContext.useSelector(selectIsForcedOpen);
  const entries = menuEntriesFor(user, { mobile });

  return (
    <nav
      aria-label={t('nav.label')}
      style={{ width }}
      className="fixed inset-y-0 left-0 z-30 flex flex-col overflow-hidden bg-purple-950 px-2 py-3 shadow-xl transition-[width] duration-200"
      onPointerEnter={(event) => menu.send({ type: 'menu.pointerEnter', pointerType: event.pointerType })}
      onPointerLeave={() => menu.send({ type: 'menu.pointerLeave' })}
      data-expanded={expanded}
    >
      <div className="mb-4 flex h-10 items-center gap-3 px-1.5">
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-purple-500 to-purple-700 text-sm font-bold text-white">
          QM
        </span>
        <Label text={t('app.name')} expanded={expanded} className="font-semibold text-white" />
      </div>
      <ul className="flex flex-1 flex-col gap-1">
        {entries.map((entry) => (
          <li key={entry.key}>
            {entry.kind === 'panel' ? (
              <NotificationsEntry expanded={expanded} />
            ) : (
              <LinkEntry entry={entry} expanded={expanded} />
            )}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-1 border-t border-purple-800 pt-3">
        {!mobile && (
          <button
            type="button"
            className={itemClass}
            aria-pressed={forcedOpen}
            onClick={() => menu.send({ type: 'menu.toggle' })}
          >
            {expanded ? (
              <ChevronDoubleLeftIcon className="size-6 shrink-0" aria-hidden="true" />
            ) : (
              <ChevronDoubleRightIcon className="size-6 shrink-0" aria-hidden="true" />
            )}
            <Label text={expanded ? t('nav.collapse') : t('nav.expand')} expanded={expanded} />
          </button>
        )}
        <button type="button" className={itemClass} onClick={() => void signOut()}>
          <ArrowLeftStartOnRectangleIcon className="size-6 shrink-0" aria-hidden="true" />
          <Label text={t('nav.logout')} expanded={expanded} />
        </button>
      </div>
    </nav>
  );
}
