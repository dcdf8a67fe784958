// The browser entry point: the boot (token, user) starts, and the first route's translations are asked for, while
// the app's code (React and the rest) downloads; the app renders once it has arrived (decision 0228).
import { firstRoute, browserLanguage } from './i18n/languages';
import { bootActor } from './machines/boot/actor';
import './styles.css';

bootActor.start();
void firstRoute[browserLanguage]().catch(() => undefined);
void import('./app');
