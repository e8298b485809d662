export { startBrowserServer as default } from './browser-server';
